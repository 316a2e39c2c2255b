import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  sessionSnapshot,
  startSession,
} from "./clients.ts";

/**
 * Every bad input is answered with an error result naming the parameter, and
 * changes nothing: the session's entries, their content and metadata, and its
 * history are compared before and after.
 */

type Case = [
  title: string,
  tool: string,
  args: Record<string, unknown>,
  code: string | undefined,
  mentions: string[],
];

const cases: Case[] = [
  // Wrong types
  [
    "a number as copy text",
    "copy",
    { key: "keep", text: 5 },
    undefined,
    ["text:", "expected string"],
  ],
  [
    "a string as ttl_seconds",
    "copy",
    { key: "keep", text: "changed", ttl_seconds: "x" },
    undefined,
    ["ttl_seconds:"],
  ],
  [
    "a zero ttl_seconds",
    "copy",
    { key: "keep", text: "changed", ttl_seconds: 0 },
    undefined,
    ["ttl_seconds:", "at least 1"],
  ],
  [
    "a fractional ttl_seconds",
    "update",
    { key: "keep", ttl_seconds: 1.5 },
    undefined,
    ["ttl_seconds:"],
  ],
  [
    "a number as key",
    "read",
    { from: { clip: 5 } },
    undefined,
    ["from:", "clip:", "expected string"],
  ],
  [
    "a number as new content",
    "update",
    { key: "keep", text: 42 },
    undefined,
    ["text:", "expected string"],
  ],
  [
    "a string as a tag list",
    "copy",
    { key: "keep", text: "changed", tags: "red" },
    undefined,
    ["tags:"],
  ],
  [
    "a malformed tag name",
    "update",
    { action: "tag", key: "keep", tags: ["bad tag!"] },
    undefined,
    ["tags"],
  ],
  ["an unknown scope", "list", { scope: "everything" }, undefined, ["scope:"]],
  ["an unknown update action", "update", { action: "rename", key: "keep" }, undefined, ["action:"]],
  ["an empty search query", "list", { query: "" }, undefined, ["query:"]],
  // A search answers its best 20: max_results is gone, and an unknown parameter is refused.
  ["max_results", "list", { query: "x", max_results: 5 }, undefined, ["max_results"]],
  ["page 0", "read", { from: "@keep", page: 0 }, undefined, ["page:"]],
  ["line 0", "read", { from: "@keep:0" }, undefined, ["line 0"]],
  ["an empty todo text", "session", { action: "todo_add", text: "" }, undefined, ["text:"]],
  // Keys
  ["an empty key to copy", "copy", { key: "", text: "x" }, undefined, ["key:", "empty"]],
  ["an empty key to get", "read", { from: "@" }, undefined, ['"@"', "no entry key"]],
  ["an empty key to delete", "update", { action: "delete", key: "" }, undefined, ["key:", "empty"]],
  [
    "an empty new_key",
    "update",
    { key: "keep", text: "changed", new_key: "" },
    undefined,
    ["new_key:"],
  ],
  [
    "a key with surrounding spaces",
    "copy",
    { key: " keep ", text: "changed" },
    undefined,
    ["key:", "spaces"],
  ],
  [
    "a key of 201 characters",
    "copy",
    { key: "k".repeat(201), text: "x" },
    undefined,
    ["key:", "200"],
  ],
  [
    "an unknown key to get",
    "read",
    { from: "@no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to update",
    "update",
    { key: "no-such-entry", text: "x" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to delete",
    "update",
    { action: "delete", key: "no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to tag",
    "update",
    { action: "tag", key: "no-such-entry", tags: ["t"] },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to swap",
    "update",
    { action: "swap", key: "keep", with: "no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key in the wrong scope",
    "read",
    { from: { clip: "keep", scope: "user" } },
    "ENTRY_NOT_FOUND",
    ["keep", "user scope"],
  ],
  // Unrecognized parameters (strict objects)
  [
    "an extra parameter to copy",
    "copy",
    { key: "keep", text: "changed", colour: "red" },
    undefined,
    ['"colour"'],
  ],
  [
    "a list-only parameter to get",
    "read",
    { from: "@keep", verbose: true },
    undefined,
    ['"verbose"'],
  ],
  [
    "an extra parameter to update",
    "update",
    { key: "keep", text: "changed", force: true },
    undefined,
    ['"force"'],
  ],
  // A parameter the chosen action does not take
  [
    "a parameter the delete action does not take",
    "update",
    { action: "delete", key: "keep", text: "x" },
    "INVALID_ARGUMENT",
    ['action "delete" does not take `text`', "it takes `key`, `scope`"],
  ],
  [
    "a parameter the export action does not take",
    "update",
    { action: "export", conflict: "skip" },
    "INVALID_ARGUMENT",
    ['action "export" does not take `conflict`'],
  ],
  [
    "a parameter session start does not take",
    "session",
    { action: "start", text: "x" },
    "INVALID_ARGUMENT",
    ['action "start" does not take `text`', "it takes `project`, `description`"],
  ],
  // Sources and nothing-to-do
  [
    "two sources to copy",
    "copy",
    { from: "os:", key: "keep", text: "changed" },
    "INVALID_ARGUMENT",
    ["`from`", "`text`", "not both"],
  ],
  [
    "a reference given as a string instead of an object",
    "copy",
    { from: "{{ref:source=clip,clip=keep}}", key: "keep" },
    undefined,
    ["ref"],
  ],
  [
    "a reference and text together",
    "copy",
    { from: { clip: "keep" }, key: "keep", text: "changed" },
    "INVALID_ARGUMENT",
    ["`from`", "`text`", "not both"],
  ],
  [
    "a reference naming two sources",
    "copy",
    { from: { clip: "keep", path: "a.ts" }, key: "keep" },
    "INVALID_ARGUMENT",
    ["`from`", "`path`", "`clip`"],
  ],
  [
    "an inline marker that does not parse",
    "copy",
    { key: "keep", text: "x {{ref:clip=keep" },
    "INVALID_ARGUMENT",
    ["`text`", "{{ref:clip=keep", "not closed"],
  ],
  [
    "an inline marker citing a missing entry",
    "copy",
    { key: "keep", text: "x {{ref:clip=nope}} y" },
    "ENTRY_NOT_FOUND",
    ["{{ref:clip=nope}}", "cannot be resolved"],
  ],
  [
    "a wrap template without {content}",
    "copy",
    { from: { clip: "keep" }, key: "keep", wrap: "no slot" },
    "INVALID_ARGUMENT",
    ["`wrap`", "{content}"],
  ],
  [
    "a paste with both `to` and `after`",
    "paste",
    { text: "x", to: "a.ts", after: "b.ts#f" },
    "INVALID_ARGUMENT",
    ["`to` and `after`", "after_line"],
  ],
  [
    "a paste `before` a place with a `mode` too",
    "paste",
    { text: "x", before: "b.ts#f", mode: "append" },
    "INVALID_ARGUMENT",
    ["`before`", "drop `mode`"],
  ],
  [
    "a paste `after` a target that carries its own `mode`",
    "paste",
    { text: "x", after: { path: "a.ts", lines: "5", mode: "replace_lines" } },
    "INVALID_ARGUMENT",
    ["`after`", "drop `mode`"],
  ],
  [
    "a paste `after` the OS clipboard",
    "paste",
    { text: "x", after: "os:" },
    "INVALID_ARGUMENT",
    ["`after`", 'to: "os:"'],
  ],
  [
    "a paste `after` a whole file, with no place in it",
    "paste",
    { text: "x", after: ["a.ts:3", "b.ts"] },
    "INVALID_ARGUMENT",
    ["`after[1]`", "needs lines, a #symbol"],
  ],
  [
    "a paste with no place",
    "paste",
    { text: "x" },
    "INVALID_ARGUMENT",
    ["`to`", "`after` / `before`"],
  ],
  [
    "a move with no place",
    "move",
    { from: "a.ts#f" },
    "INVALID_ARGUMENT",
    ["`to`", "`after` / `before`"],
  ],
  [
    "a result that was never shown",
    "copy",
    { from: { result: "r999999", lines: "1..2" }, key: "keep" },
    "RESULT_NOT_FOUND",
    ["r999999"],
  ],
  [
    "anchors that are not in an entry",
    "copy",
    { from: { clip: "keep", start: "no such words anywhere here" }, key: "keep" },
    "ANCHOR_NOT_FOUND",
    ["entry `keep`", "`start`"],
  ],
  ["no source to copy", "copy", { key: "keep" }, "INVALID_ARGUMENT", ["`from`", "`text`"]],
  [
    "a line range as a parameter (lines go in the locator)",
    "copy",
    { key: "keep", text: "changed", start_line: 2 },
    undefined,
    ['"start_line"'],
  ],
  [
    "an update with nothing to change",
    "update",
    { key: "keep" },
    "INVALID_ARGUMENT",
    ["`text`", "`description`", "`new_key`", "`ttl_seconds`"],
  ],
  [
    "a tag action without tags",
    "update",
    { action: "define_tags" },
    "INVALID_ARGUMENT",
    ["`tags`"],
  ],
  // Sessions
  [
    "a malformed session handle",
    "copy",
    { session: "nope", key: "keep", text: "changed" },
    undefined,
    ["session:", "session start"],
  ],
  [
    "an upper-case session handle",
    "read",
    { session: "S-AAAAAAAAAAAA", from: "@keep" },
    undefined,
    ["session:"],
  ],
  [
    "a handle outside the base-32 alphabet",
    "list",
    { session: "s-aaaaaaaaaaa1" },
    undefined,
    ["session:"],
  ],
  [
    "a malformed project name",
    "session",
    { action: "start", project: "bad project!" },
    undefined,
    ["project:"],
  ],
  // A cut is a copy with `cut: true` (issue 44)
  [
    "a cut with text",
    "copy",
    { text: "x", cut: true },
    "INVALID_ARGUMENT",
    ["`cut: true`", "`text`"],
  ],
  [
    "a cut from an entry",
    "copy",
    { from: "@note", cut: true },
    "INVALID_ARGUMENT",
    ["`from` must name a file"],
  ],
  [
    "a cut from two files",
    "copy",
    { from: ["a.ts", "b.ts"], cut: true },
    "INVALID_ARGUMENT",
    ["one `from` file locator"],
  ],
  [
    "a cut with a transform",
    "copy",
    { from: "a.ts:1", cut: true, wrap: "<{content}>" },
    "INVALID_ARGUMENT",
    ["`cut: true`", "transform"],
  ],
  [
    "expect without a cut",
    "copy",
    { from: "a.ts", expect: "abcdef12" },
    "INVALID_ARGUMENT",
    ["`expect`", "`cut: true`"],
  ],
  [
    "a parameter session action agents does not take",
    "session",
    { action: "agents", project: "p" },
    "INVALID_ARGUMENT",
    ['action "agents" does not take', "`project`", "it takes no other parameter"],
  ],
  [
    "an export scope of all (omitted, it exports every scope)",
    "update",
    { action: "export", scope: "all" },
    undefined,
    ["scope:"],
  ],
  // Import
  [
    "import data that is not JSON",
    "update",
    { action: "import", data: "{not json", dry_run: false },
    "INVALID_ARGUMENT",
    ["`data`", "JSON"],
  ],
  [
    "import data of another format",
    "update",
    {
      action: "import",
      data: { format: "other", version: 1, exported_at: "x", entries: [] },
      dry_run: false,
    },
    "INVALID_ARGUMENT",
    ["`data`", "format"],
  ],
  [
    "import data of a number",
    "update",
    { action: "import", data: 5, dry_run: false },
    undefined,
    ["data:"],
  ],
  [
    "import without data",
    "update",
    { action: "import", dry_run: false },
    "INVALID_ARGUMENT",
    ["`data`"],
  ],
  [
    "import data with a malformed tag",
    "update",
    {
      action: "import",
      data: {
        format: "edgeclip",
        version: 1,
        exported_at: "2026-01-01T00:00:00.000Z",
        entries: [{ key: "tag-import", scope: "session", content: "x", tags: ["bad tag!"] }],
      },
      dry_run: false,
    },
    "INVALID_ARGUMENT",
    ["entries.0.tags", "bad tag!"],
  ],
  // Line numbers past 2^53 (issue 27 §8): refused naming the parameter as written, never INTERNAL_ERROR.
  [
    "a line past 2^53 in a paste's `from`",
    "paste",
    { from: "a.ts:1-9007199254740992", to: "b.ts" },
    undefined,
    ["from:", "9007199254740992", "past any line"],
  ],
  [
    "a line past 2^53 in a marker in copy text",
    "copy",
    { key: "keep", text: "{{ref:a.ts:1-9007199254740993}}" },
    "INVALID_ARGUMENT",
    ["`text`", "9007199254740993", "past any line"],
  ],
  [
    "a line past 2^53 of a result",
    "read",
    { from: "r1:9007199254740992" },
    undefined,
    ["from:", "9007199254740992", "past any line"],
  ],
  [
    "a line past 2^53 in the third target of a paste",
    "paste",
    { text: "x", to: ["b.ts", "c.ts", "d.ts:9007199254740992"] },
    undefined,
    ["to.2:", "9007199254740992", "past any line"],
  ],
  [
    "an unknown import conflict mode",
    "update",
    { action: "import", data: "{}", conflict: "merge" },
    undefined,
    ["conflict:"],
  ],
];

describe("bad inputs change nothing", () => {
  let client: AnyClient;
  let session: string;
  /** The state after the last case: what the next case starts from (each refusal changes nothing). */
  let settled: Awaited<ReturnType<typeof state>>;
  const state = async () => ({
    ...(await sessionSnapshot(client, session)),
    history: (
      await ok<{ operations: unknown[] }>(client, "session", {
        session,
        action: "history",
        limit: 100,
      })
    ).operations,
  });
  beforeAll(async () => {
    client = await connectV1();
    session = await startSession(client, { description: "e2e bad inputs" });
    await ok(client, "copy", {
      session,
      key: "keep",
      text: "original line 1\noriginal line 2\n",
      description: "must not change",
      tags: ["kept"],
      ttl_seconds: 86_400,
    });
    await ok(client, "copy", { session, key: "other", text: "other entry\n" });
    settled = await state();
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  it.each(cases)(
    "refuses %s and leaves the clipboard unchanged",
    async (_title, tool, args, code, mentions) => {
      const before = settled;
      const withSession = { ...args };
      if (!(tool === "session" && args.action === "start") && !("session" in args))
        withSession.session = session;
      const result = await call(client, tool, withSession);
      expectToolError(result, code, mentions);
      // Named as the caller wrote it, never by an internal name.
      expect(result.text).not.toMatch(/`arguments`|ref\.lines|INTERNAL_ERROR/);
      settled = await state();
      expect(settled).toEqual(before);
    },
  );

  it("refuses an import whose second entry is invalid, importing none of them", async () => {
    const before = await state();
    const document = {
      format: "edgeclip",
      version: 1,
      exported_at: new Date().toISOString(),
      entries: [
        { key: "would-be-new", scope: "session", content: "fine\n" },
        { key: "", scope: "session", content: "no key\n" },
      ],
    };
    const result = await call(client, "update", {
      session,
      action: "import",
      data: document,
      dry_run: false,
    });
    expectToolError(result, "INVALID_ARGUMENT", ["`data`", "entries.1.key"]);
    const badScope = await call(client, "update", {
      session,
      action: "import",
      data: {
        ...document,
        entries: [document.entries[0], { key: "x", scope: "galaxy", content: "" }],
      },
      dry_run: false,
    });
    expectToolError(badScope, "INVALID_ARGUMENT", ["entries.1.scope"]);
    expect(await state()).toEqual(before);
    expectToolError(
      await call(client, "read", { session, from: "@would-be-new" }),
      "ENTRY_NOT_FOUND",
    );
  });

  it("answers UNKNOWN_SESSION for a well-formed handle never started, without creating it", async () => {
    const v2 = await connectV2();
    try {
      const before = await state();
      const ghost = "s-aaaaaaaaaaaa";
      for (const [tool, args] of [
        ["read", { session: ghost, from: "@keep" }],
        ["copy", { session: ghost, key: "keep", text: "into the void" }],
        ["list", { session: ghost }],
        ["session", { session: ghost, action: "todo_add", text: "x" }],
        ["session", { action: "end", session: ghost }],
      ] as const) {
        expectToolError(await call(v2, tool, args), "UNKNOWN_SESSION", [ghost, "action start"]);
      }
      // The copy above did not bring the session into being.
      expectToolError(await call(v2, "list", { session: ghost }), "UNKNOWN_SESSION", [ghost]);
      const { sessions } = await ok<{ sessions: { session: string }[] }>(v2, "session", {
        action: "list",
      });
      expect(sessions.map((s) => s.session)).not.toContain(ghost);
      expect(await state()).toEqual(before);
    } finally {
      await v2.close();
    }
  });

  it("refuses to end the default session and to end a session given no handle", async () => {
    const before = await state();
    expectToolError(
      await call(client, "session", { action: "end", session: "default" }),
      "SESSION_PROTECTED",
      ["`default`", 'update action "clear"'],
    );
    expectToolError(await call(client, "session", { action: "end" }), undefined, ["session"]);
    expect(await state()).toEqual(before);
  });
});
