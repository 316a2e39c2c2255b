import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  sessionSnapshot,
  startSession,
  unique,
} from "./clients.ts";

interface Exported {
  entries: number;
  bytes: number;
  page: number;
  pages: number;
  document: string;
}
interface Step {
  key: string;
  scope: string;
  action: "create" | "skip" | "overwrite" | "rename";
  as?: string;
}
interface ExportedEntry {
  key: string;
  scope: string;
  content: string;
  description: string;
  tags: string[];
  expires_at: string | null;
}

describe("export and import", () => {
  let v1: AnyClient;
  let v2: AnyClient;
  let source: string;
  const sessions: string[] = [];
  const fresh = async () => {
    const handle = await startSession(v1, { project: unique("imp") });
    sessions.push(handle);
    return handle;
  };
  beforeAll(async () => {
    v1 = await connectV1();
    v2 = await connectV2();
    source = await fresh();
    await ok(v1, "copy", {
      session: source,
      key: "exp-a",
      text: 'alpha\nwith ünïcödé and "quotes"\n',
      description: "first entry",
      tags: ["exported", "alpha"],
    });
    await ok(v1, "copy", {
      session: source,
      key: "exp-b",
      text: "beta",
      tags: ["exported"],
      ttl_seconds: 86_400,
    });
    await ok(v1, "copy", { session: source, key: "exp-c", text: "", description: "empty" });
  });
  afterAll(async () => {
    for (const session of sessions) await call(v1, "session", { action: "end", session });
    await v1.close();
    await v2.close();
  });

  it("exports entries in format edgeclip version 1 with their content and metadata", async () => {
    const exported = await ok<Exported>(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
    });
    expect(exported).toMatchObject({ entries: 3, page: 1, pages: 1 });
    expect(exported.bytes).toBe(Buffer.byteLength(exported.document));
    const doc = JSON.parse(exported.document) as {
      format: string;
      version: number;
      entries: ExportedEntry[];
    };
    expect(doc.format).toBe("edgeclip");
    expect(doc.version).toBe(1);
    const byKey = Object.fromEntries(doc.entries.map((e) => [e.key, e]));
    expect(byKey["exp-a"]).toMatchObject({
      scope: "session",
      content: 'alpha\nwith ünïcödé and "quotes"\n',
      description: "first entry",
    });
    expect([...(byKey["exp-a"]?.tags ?? [])].sort()).toEqual(["alpha", "exported"]);
    expect(byKey["exp-b"]?.expires_at).not.toBeNull();
    expect(byKey["exp-c"]?.content).toBe("");

    const tagged = await ok<Exported>(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
      tags: ["alpha"],
    });
    expect(JSON.parse(tagged.document).entries.map((e: ExportedEntry) => e.key)).toEqual(["exp-a"]);
    const picked = await ok<Exported>(v1, "update", {
      session: source,
      action: "export",
      keys: ["exp-b", "exp-c"],
    });
    expect(
      JSON.parse(picked.document)
        .entries.map((e: ExportedEntry) => e.key)
        .sort(),
    ).toEqual(["exp-b", "exp-c"]);
  });

  it("round-trips an export into another session exactly, once dry_run is false", async () => {
    const exported = await ok<Exported>(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
    });
    const target = await fresh();

    const imported = await ok<{ dry_run: boolean; steps: Step[] }>(v2, "update", {
      session: target,
      action: "import",
      data: exported.document,
      dry_run: false,
    });
    expect(imported.dry_run).toBe(false);
    expect(imported.steps.map((s) => [s.key, s.action]).sort()).toEqual([
      ["exp-a", "create"],
      ["exp-b", "create"],
      ["exp-c", "create"],
    ]);

    const original = await sessionSnapshot(v1, source);
    const copy = await sessionSnapshot(v2, target);
    expect(copy.contents).toEqual(original.contents);
    const meta = (s: typeof original) =>
      Object.fromEntries(
        (s.entries as unknown as (ExportedEntry & { lines: number; bytes: number })[]).map((e) => [
          e.key,
          {
            description: e.description,
            tags: [...e.tags].sort(),
            lines: e.lines,
            bytes: e.bytes,
            expires: e.expires_at !== null,
          },
        ]),
      );
    expect(meta(copy)).toEqual(meta(original));
    // An export of the copy is the same document, but for its time stamp.
    const again = await ok<Exported>(v2, "update", {
      session: target,
      action: "export",
      scope: "session",
    });
    const entriesOf = (d: string) =>
      (JSON.parse(d).entries as ExportedEntry[])
        .map(({ key, content, description, tags }) => ({
          key,
          content,
          description,
          tags: [...tags].sort(),
        }))
        .sort((a, b) => a.key.localeCompare(b.key));
    expect(entriesOf(again.document)).toEqual(entriesOf(exported.document));
  });

  it("only reports what it would do when dry_run is left out, changing nothing", async () => {
    const exported = await ok<Exported>(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
    });
    const target = await fresh();
    await ok(v1, "copy", { session: target, key: "exp-a", text: "pre-existing\n" });
    const before = await sessionSnapshot(v1, target);

    const planned = await call(v1, "update", {
      session: target,
      action: "import",
      data: exported.document,
    });
    expect(planned.isError).toBeFalsy();
    expect(planned.data.dry_run).toBe(true);
    expect((planned.data.steps as Step[]).map((s) => [s.key, s.action]).sort()).toEqual([
      ["exp-a", "skip"],
      ["exp-b", "create"],
      ["exp-c", "create"],
    ]);
    expect(planned.text).toContain("dry_run: false");
    const renamePlan = await ok<{ steps: Step[] }>(v1, "update", {
      session: target,
      action: "import",
      data: exported.document,
      conflict: "rename",
    });
    expect(renamePlan.steps.find((s) => s.key === "exp-a")).toMatchObject({
      action: "rename",
      as: "exp-a-2",
    });
    expect(await sessionSnapshot(v1, target)).toEqual(before);
  });

  it("on conflict skips by default, overwrites, or renames to key-2, key-3", async () => {
    const target = await fresh();
    const doc = (content: string) => ({
      format: "edgeclip",
      version: 1,
      exported_at: new Date().toISOString(),
      entries: [{ key: "clash", scope: "session", content, description: "imported", tags: ["in"] }],
    });
    await ok(v1, "copy", { session: target, key: "clash", text: "mine\n", description: "local" });

    const skipped = await ok<{ steps: Step[] }>(v1, "update", {
      session: target,
      action: "import",
      data: doc("theirs 1\n"),
      dry_run: false,
    });
    expect(skipped.steps).toEqual([{ key: "clash", scope: "session", action: "skip" }]);
    expect(
      (await ok<{ content: string }>(v1, "read", { session: target, from: "@clash" })).content,
    ).toBe("mine\n");

    const renamed = await ok<{ steps: Step[] }>(v1, "update", {
      session: target,
      action: "import",
      data: doc("theirs 2\n"),
      conflict: "rename",
      dry_run: false,
    });
    expect(renamed.steps).toEqual([
      { key: "clash", scope: "session", action: "rename", as: "clash-2" },
    ]);
    const renamedAgain = await ok<{ steps: Step[] }>(v1, "update", {
      session: target,
      action: "import",
      data: JSON.stringify(doc("theirs 3\n")),
      conflict: "rename",
      dry_run: false,
    });
    expect(renamedAgain.steps[0]?.as).toBe("clash-3");
    expect(
      (await ok<{ content: string }>(v1, "read", { session: target, from: "@clash" })).content,
    ).toBe("mine\n");
    expect(
      (await ok<{ content: string }>(v1, "read", { session: target, from: "@clash-2" })).content,
    ).toBe("theirs 2\n");
    expect(
      (await ok<{ content: string }>(v1, "read", { session: target, from: "@clash-3" })).content,
    ).toBe("theirs 3\n");

    const overwritten = await ok<{ steps: Step[] }>(v1, "update", {
      session: target,
      action: "import",
      data: doc("theirs 4\n"),
      conflict: "overwrite",
      dry_run: false,
    });
    expect(overwritten.steps).toEqual([{ key: "clash", scope: "session", action: "overwrite" }]);
    const got = await ok<{ content: string }>(v1, "read", { session: target, from: "@clash" });
    expect(got.content).toBe("theirs 4\n");
    const listed = await ok<{ entries: { key: string; description: string; tags: string[] }[] }>(
      v1,
      "list",
      { session: target, scope: "session" },
    );
    expect(listed.entries.find((e) => e.key === "clash")).toMatchObject({
      description: "imported",
      tags: ["in"],
    });
    expect(listed.entries.map((e) => e.key).sort()).toEqual(["clash", "clash-2", "clash-3"]);
  });

  it("imports into the scope given, instead of the exported one", async () => {
    const project = unique("imp-shared");
    const a = await startSession(v1, { project });
    const b = await startSession(v1, { project });
    sessions.push(a, b);
    const key = unique("to-project");
    const data = {
      format: "edgeclip",
      version: 1,
      exported_at: new Date().toISOString(),
      entries: [{ key, scope: "session", content: "now shared\n" }],
    };
    const done = await ok<{ steps: Step[] }>(v1, "update", {
      session: a,
      action: "import",
      data,
      scope: "project",
      dry_run: false,
    });
    expect(done.steps).toEqual([{ key, scope: "project", action: "create" }]);
    expect(
      await ok<{ scope: string; content: string }>(v1, "read", { session: b, from: { clip: key } }),
    ).toMatchObject({
      scope: "project",
      content: "now shared\n",
    });
  });

  it("refuses an export page beyond the last with PAGE_OUT_OF_RANGE", async () => {
    const result = await call(v1, "update", {
      session: source,
      action: "export",
      scope: "session",
      page: 2,
    });
    expectToolError(result, "PAGE_OUT_OF_RANGE", ["`page`", "1 page"]);
  });

  it("pages an export longer than a page, and the joined pages import exactly", async () => {
    const big = await fresh();
    const text = Array.from(
      { length: 4000 },
      (_, i) => `export line ${i} ${"e".repeat(50)}\n`,
    ).join("");
    await ok(v1, "copy", { session: big, key: "big-export", text, description: "paged" });
    await ok(v1, "copy", { session: big, key: "small-export", text: "small\n" });
    const first = await ok<Exported>(v2, "update", {
      session: big,
      action: "export",
      scope: "session",
    });
    expect(first.pages).toBeGreaterThan(2);
    const parts = [first.document];
    for (let page = 2; page <= first.pages; page++) {
      const next = await ok<Exported>(v2, "update", {
        session: big,
        action: "export",
        scope: "session",
        page,
      });
      expect(next.document.length).toBeLessThanOrEqual(LIMITS.resultChars);
      parts.push(next.document);
    }
    const joined = parts.join("");
    expect(Buffer.byteLength(joined)).toBe(first.bytes);

    const target = await fresh();
    const done = await ok<{ steps: Step[] }>(v2, "update", {
      session: target,
      action: "import",
      data: joined,
      dry_run: false,
    });
    expect(done.steps.map((s) => s.action)).toEqual(["create", "create"]);
    const back = await sessionSnapshot(v2, target);
    const original = await sessionSnapshot(v2, big);
    expect(back.contents["small-export"]).toBe("small\n");
    expect(back.entries.find((e) => e.key === "big-export")).toMatchObject({
      description: "paged",
      bytes: Buffer.byteLength(text),
    });
    expect(back.contents).toEqual(original.contents);
    expect(back.contents["big-export"] === text).toBe(true);
  });

  it("serves an export's later pages from the snapshot its first page took: entries changed in between do not tear the document", async () => {
    const big = await fresh();
    const text = Array.from(
      { length: 3000 },
      (_, i) => `snapshot line ${i} ${"s".repeat(40)}\n`,
    ).join("");
    await ok(v1, "copy", { session: big, key: "torn", text });
    const first = await ok<Exported>(v1, "update", {
      session: big,
      action: "export",
      scope: "session",
    });
    expect(first.pages).toBeGreaterThan(2);
    // The entry changes between page 1 and page 2.
    await ok(v1, "copy", { session: big, key: "torn", text: "replaced\n" });
    const parts = [first.document];
    for (let page = 2; page <= first.pages; page++)
      parts.push(
        (
          await ok<Exported>(v1, "update", {
            session: big,
            action: "export",
            scope: "session",
            page,
          })
        ).document,
      );
    const joined = JSON.parse(parts.join("")) as { entries: { key: string; content: string }[] };
    expect(joined.entries.find((e) => e.key === "torn")?.content === text).toBe(true);
    // A new page 1 takes a new snapshot.
    const again = await ok<Exported>(v1, "update", {
      session: big,
      action: "export",
      scope: "session",
    });
    expect(again.pages).toBe(1);
    expect(again.document).toContain('"content":"replaced\\n"');
  });
});
