import { describe, expect, it } from "vitest";
import { answerMismatch, askedOf, normalPath } from "../../src/core/answer-check.ts";
import type { Edit, EditResult, Splice } from "../../src/shared/bridge/protocol.ts";

const H = (c: string) => c.repeat(64);

function changed(
  path: string,
  abs: string,
  before = "1",
  after = "2",
): EditResult & { undo: Splice } {
  return {
    path,
    abs,
    created: false,
    removed: false,
    before_hash: H(before),
    after_hash: H(after),
    lines_added: 1,
    lines_removed: 0,
    first_line: 1,
    relocated: false,
    undo: {
      kind: "splice",
      path: abs,
      start: 0,
      end: 1,
      insert: "",
      was_hash: H("0"),
      before: "",
      after: "",
      create: false,
    },
  };
}

const pasteTo = (path: string, extra: object = {}): Edit =>
  ({ kind: "paste", path, mode: "append", text: 0, ...extra }) as Edit;

describe("normalPath", () => {
  it("normalises as the agent resolves: dots, doubled and back slashes; leading .. kept", () => {
    expect(normalPath("./src/../a.ts")).toBe("a.ts");
    expect(normalPath("src\\\\lib//b.ts")).toBe("src/lib/b.ts");
    expect(normalPath("/home/me/../me/p/a.ts")).toBe("/home/me/p/a.ts");
    expect(normalPath("../p/a.ts")).toBe("../p/a.ts");
  });
});

describe("answerMismatch", () => {
  it("accepts results naming each file as asked: relative, absolute in the root, through ..", () => {
    const asked = askedOf([
      pasteTo("./a.ts"),
      pasteTo("/home/me/p/src/b.ts"),
      pasteTo("../p/c.ts"),
    ]);
    const results = [
      changed("a.ts", "/home/me/p/a.ts"),
      changed("src/b.ts", "/home/me/p/src/b.ts"),
      changed("c.ts", "/home/me/p/c.ts"),
    ];
    expect(answerMismatch(asked, results)).toBeUndefined();
  });

  it("accepts a file reached through a symbolic link: named as asked, written where it is", () => {
    const asked = askedOf([pasteTo("CLAUDE.md")]);
    expect(answerMismatch(asked, [changed("CLAUDE.md", "/home/me/p/AGENTS.md")])).toBeUndefined();
  });

  it("accepts a move's importers after its edits' results only when asked, each a changed file of its own", () => {
    const move = [pasteTo("a.ts"), pasteTo("b.ts")];
    const results = [changed("a.ts", "/p/a.ts"), changed("b.ts", "/p/b.ts")];
    const importer = (path: string, extra: Partial<EditResult> = {}) => ({
      ...changed(path, `/p/${path}`),
      imports: { changes: [`${path}: imports f from b.ts`], unresolved: [] },
      ...extra,
    });
    const withImporters = askedOf(move, 2);
    expect(answerMismatch(withImporters, results)).toBeUndefined();
    expect(
      answerMismatch(withImporters, [...results, importer("c.ts"), importer("d.ts")]),
    ).toBeUndefined();
    expect(answerMismatch(askedOf(move), [...results, importer("c.ts")])).toBe(
      "3 results for 2 edits",
    );
    expect(
      answerMismatch(withImporters, [
        ...results,
        importer("c.ts"),
        importer("d.ts"),
        importer("e.ts"),
      ]),
    ).toBe("5 results for 2 edits and at most 2 importers");
    expect(answerMismatch(withImporters, [...results, importer("c.ts", { relocated: true })])).toBe(
      "result 3: an importer is only ever changed",
    );
    expect(
      answerMismatch(withImporters, [
        ...results,
        importer("c.ts", { abs: "/p/a.ts", undo: { ...changed("c.ts", "/p/a.ts").undo } }),
      ]),
    ).toBe('result 3: it shows "c.ts" for "/p/a.ts"');
    expect(answerMismatch(withImporters, [...results, { ...importer("a.ts"), path: "a.ts" }])).toBe(
      "result 3: an importer is a file of no other result",
    );
    expect(answerMismatch(withImporters, [...results, changed("c.ts", "/p/c.ts")])).toBe(
      "result 3: it names no import it changed",
    );
  });

  it("accepts the empty __init__.py a Python move created on the way to its new module, and no other created file", () => {
    const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const created = (path: string, after = H("2")): EditResult => ({
      ...changed(path, `/p/${path}`),
      created: true,
      before_hash: null,
      after_hash: after,
      undo: { kind: "remove", path: `/p/${path}` },
    });
    const init = (path: string, extra: Partial<EditResult> = {}): EditResult => ({
      ...created(path, EMPTY),
      package: true,
      lines_added: 0,
      ...extra,
    });
    const asked = askedOf(
      [pasteTo("pkg/sub/new.py", { create_if_missing: true }), pasteTo("pkg/old.py")],
      3,
    );
    const results = [created("pkg/sub/new.py"), changed("pkg/old.py", "/p/pkg/old.py")];
    expect(answerMismatch(asked, [...results, init("pkg/sub/__init__.py")])).toBeUndefined();
    expect(
      answerMismatch(asked, [...results, init("pkg/__init__.py"), init("pkg/sub/__init__.py")]),
    ).toBeUndefined();
    const cases: [EditResult, RegExp][] = [
      [init("pkg/sub/conftest.py"), /__init__\.py, not "pkg\/sub\/conftest.py"/],
      [init("other/__init__.py"), /on the way to a module the operation created/],
      [init("pkg/sub/__init__.py", { after_hash: H("3") }), /is empty/],
      [
        { ...changed("pkg/sub/__init__.py", "/p/pkg/sub/__init__.py"), package: true },
        /only ever created/,
      ],
      [created("pkg/sub/__init__.py", EMPTY), /an importer is only ever changed/],
    ];
    for (const [result, reason] of cases)
      expect(answerMismatch(asked, [...results, result])).toMatch(reason);
  });

  it("refuses results for other files, in other numbers, or of kinds the edit cannot have", () => {
    const asked = askedOf([pasteTo("a.ts")]);
    const a = changed("a.ts", "/home/me/p/a.ts");
    const cases: [EditResult[], RegExp][] = [
      [[changed("conftest.py", "/home/me/p/conftest.py")], /names "conftest.py", not "a.ts"/],
      [[changed("lib/a.ts", "/home/me/p/lib/a.ts")], /names "lib\/a.ts"/],
      [[a, a], /2 results for 1 edit/],
      [[], /0 results for 1 edit/],
      [
        [{ ...a, undo: { ...a.undo, path: "/home/me/p/conftest.py" } }],
        /undo is for "\/home\/me\/p\/conftest.py"/,
      ],
      [
        [{ ...a, created: true, before_hash: null, undo: { kind: "remove", path: a.abs } }],
        /not allowed \(`create_if_missing`\)/,
      ],
      [[{ ...a, created: true }], /undo does not delete it/],
      [[{ ...a, undo: { kind: "remove", path: a.abs } }], /deletes a file it did not create/],
      [
        [{ ...a, removed: true, after_hash: null, undo: { ...a.undo, create: true } }],
        /a paste never does/,
      ],
      [[{ ...a, after_hash: null }], /no hash of the file after/],
      [[{ ...a, relocated: true }], /never relocated/],
      [[{ ...a, abs: "a.ts", undo: { ...a.undo, path: "a.ts" } }], /not absolute/],
    ];
    for (const [results, reason] of cases) expect(answerMismatch(asked, results)).toMatch(reason);
  });

  it("checks that edits to one file follow each other, and one path is one file", () => {
    const asked = askedOf([pasteTo("a.ts"), pasteTo("a.ts")]);
    expect(
      answerMismatch(asked, [
        changed("a.ts", "/p/a.ts", "1", "2"),
        changed("a.ts", "/p/a.ts", "2", "3"),
      ]),
    ).toBeUndefined();
    expect(
      answerMismatch(asked, [
        changed("a.ts", "/p/a.ts", "1", "2"),
        changed("a.ts", "/p/a.ts", "1", "3"),
      ]),
    ).toMatch(/result 2: it does not start from the file as result 1 left it/);
    expect(answerMismatch(asked, [changed("a.ts", "/p/a.ts"), changed("a.ts", "/q/a.ts")])).toMatch(
      /another file than in an earlier result/,
    );
  });

  it("requires a revert's result to be the very file, kind and version its undo names", () => {
    const done = changed("a.ts", "/p/a.ts", "1", "2");
    const revert: Edit = {
      kind: "revert",
      reverts: { op: 3, edit: 0 },
      undo: done.undo,
      expect: H("2"),
      force: false,
    };
    const asked = askedOf([revert]);
    const back = changed("a.ts", "/p/a.ts", "2", "1");
    expect(answerMismatch(asked, [back])).toBeUndefined();
    expect(answerMismatch(asked, [changed("b.ts", "/p/b.ts", "2", "1")])).toMatch(
      /names "\/p\/b.ts"/,
    );
    expect(answerMismatch(asked, [{ ...back, path: "b.ts" }])).toMatch(
      /shows "b.ts" for "\/p\/a.ts"/,
    );
    expect(answerMismatch(asked, [changed("a.ts", "/p/a.ts", "7", "1")])).toMatch(
      /other than the one expected/,
    );
    expect(
      answerMismatch(askedOf([{ ...revert, force: true }]), [changed("a.ts", "/p/a.ts", "7", "1")]),
    ).toBeUndefined();
    const recreate = askedOf([{ ...revert, undo: { ...done.undo, create: true }, expect: null }]);
    expect(answerMismatch(recreate, [back])).toMatch(/kind of change is not the undo's/);
  });

  it("checks a report's kept files: files of its results, all their edits, set aside beside them", () => {
    const asked = askedOf([pasteTo("src/a.ts"), pasteTo("b.ts")]);
    const results = [changed("src/a.ts", "/p/src/a.ts"), changed("b.ts", "/p/b.ts")];
    const kept = (set_aside: string | null, edits = [0], path = "src/a.ts") => [
      { path, set_aside, edits },
    ];
    expect(
      answerMismatch(asked, results, kept("src/a.ts.not-applied-op7.edgeclip")),
    ).toBeUndefined();
    expect(answerMismatch(asked, results, kept("src/../../x.sh"))).toMatch(/set aside next to it/);
    expect(answerMismatch(asked, results, kept("src/b.ts"))).toMatch(/set aside next to it/);
    expect(answerMismatch(asked, results, kept(null))).toMatch(/no place where its new content/);
    expect(answerMismatch(asked, results, kept("src/a.ts.x", [1]))).toMatch(
      /not all of that file's/,
    );
    expect(answerMismatch(asked, results, kept("src/a.ts.x", [5]))).toMatch(
      /not a file of its results/,
    );
  });
});
