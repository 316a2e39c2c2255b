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
    "clipboard_update",
    { key: "keep", ttl_seconds: 1.5 },
    undefined,
    ["ttl_seconds:"],
  ],
  ["a number as key", "clipboard_get", { key: 5 }, undefined, ["key:"]],
  [
    "a number as new content",
    "clipboard_update",
    { key: "keep", content: 42 },
    undefined,
    ["content:"],
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
    "clipboard_tag",
    { action: "add", key: "keep", tags: ["bad tag!"] },
    undefined,
    ["tags"],
  ],
  ["an unknown scope", "clipboard_list", { scope: "everything" }, undefined, ["scope:"]],
  ["an unknown tag action", "clipboard_tag", { action: "rename" }, undefined, ["action:"]],
  ["an empty search query", "clipboard_search", { query: "" }, undefined, ["query:"]],
  [
    "max_results of 0",
    "clipboard_search",
    { query: "x", max_results: 0 },
    undefined,
    ["max_results:"],
  ],
  [
    "max_results over 100",
    "clipboard_search",
    { query: "x", max_results: 101 },
    undefined,
    ["max_results:"],
  ],
  ["page 0", "clipboard_get", { key: "keep", page: 0 }, undefined, ["page:"]],
  ["line 0", "clipboard_get", { key: "keep", start_line: 0 }, undefined, ["start_line:"]],
  ["an empty todo text", "todo", { action: "add", text: "" }, undefined, ["text:"]],
  // Keys
  ["an empty key to copy", "copy", { key: "", text: "x" }, undefined, ["key:", "empty"]],
  ["an empty key to get", "clipboard_get", { key: "" }, undefined, ["key:", "empty"]],
  ["an empty key to delete", "clipboard_delete", { key: "" }, undefined, ["key:", "empty"]],
  [
    "an empty new_key",
    "clipboard_update",
    { key: "keep", content: "changed", new_key: "" },
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
    "clipboard_get",
    { key: "no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to update",
    "clipboard_update",
    { key: "no-such-entry", content: "x" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to delete",
    "clipboard_delete",
    { key: "no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to tag",
    "clipboard_tag",
    { action: "add", key: "no-such-entry", tags: ["t"] },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key to swap",
    "clipboard_swap",
    { key_a: "keep", key_b: "no-such-entry" },
    "ENTRY_NOT_FOUND",
    ["no-such-entry"],
  ],
  [
    "an unknown key in the wrong scope",
    "clipboard_get",
    { key: "keep", scope: "user" },
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
    "clipboard_get",
    { key: "keep", verbose: true },
    undefined,
    ['"verbose"'],
  ],
  [
    "an extra parameter to update",
    "clipboard_update",
    { key: "keep", content: "changed", force: true },
    undefined,
    ['"force"'],
  ],
  // Sources and nothing-to-do
  [
    "two sources to copy",
    "copy",
    { key: "keep", text: "changed", from_os: true },
    "INVALID_ARGUMENT",
    ["`text`", "`from_os`", "exactly one"],
  ],
  [
    "a reference given as a string instead of an object",
    "copy",
    { key: "keep", ref: "{{ref:source=clip,clip=keep}}" },
    undefined,
    ["ref"],
  ],
  [
    "a reference and text together",
    "copy",
    { key: "keep", text: "changed", ref: { clip: "keep" } },
    "INVALID_ARGUMENT",
    ["exactly one", "`text`", "`ref`"],
  ],
  [
    "a reference naming two sources",
    "copy",
    { key: "keep", ref: { clip: "keep", path: "a.ts" } },
    "INVALID_ARGUMENT",
    ["`ref`", "`path`", "`clip`"],
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
    { key: "keep", ref: { clip: "keep" }, transform: { wrap: "no slot" } },
    "INVALID_ARGUMENT",
    ["`transform.wrap`", "{content}"],
  ],
  [
    "a result that was never shown",
    "copy",
    { key: "keep", ref: { result: "r999999", lines: "1..2" } },
    "RESULT_NOT_FOUND",
    ["r999999"],
  ],
  [
    "anchors that are not in an entry",
    "copy",
    { key: "keep", ref: { clip: "keep", start: "no such words anywhere here" } },
    "ANCHOR_NOT_FOUND",
    ["entry `keep`", "`start`"],
  ],
  ["no source to copy", "copy", { key: "keep" }, "INVALID_ARGUMENT", ["exactly one", "none"]],
  [
    "a line range with text",
    "copy",
    { key: "keep", text: "changed", start_line: 2 },
    "INVALID_ARGUMENT",
    ["`start_line`", "`path`"],
  ],
  [
    "an update with nothing to change",
    "clipboard_update",
    { key: "keep" },
    "INVALID_ARGUMENT",
    ["`content`", "`description`", "`new_key`", "`ttl_seconds`"],
  ],
  [
    "a tag action without tags",
    "clipboard_tag",
    { action: "create" },
    "INVALID_ARGUMENT",
    ["`tags`"],
  ],
  // Sessions
  [
    "a malformed session handle",
    "copy",
    { session: "nope", key: "keep", text: "changed" },
    undefined,
    ["session:", "session_start"],
  ],
  [
    "an upper-case session handle",
    "clipboard_get",
    { session: "S-AAAAAAAAAAAA", key: "keep" },
    undefined,
    ["session:"],
  ],
  [
    "a handle outside the base-32 alphabet",
    "clipboard_list",
    { session: "s-aaaaaaaaaaa1" },
    undefined,
    ["session:"],
  ],
  [
    "a malformed project name",
    "session_start",
    { project: "bad project!" },
    undefined,
    ["project:"],
  ],
  // Import
  [
    "import data that is not JSON",
    "clipboard_import",
    { data: "{not json", dry_run: false },
    "INVALID_ARGUMENT",
    ["`data`", "JSON"],
  ],
  [
    "import data of another format",
    "clipboard_import",
    { data: { format: "other", version: 1, exported_at: "x", entries: [] }, dry_run: false },
    "INVALID_ARGUMENT",
    ["`data`", "format"],
  ],
  [
    "import data of a number",
    "clipboard_import",
    { data: 5, dry_run: false },
    undefined,
    ["data:"],
  ],
  ["import without data", "clipboard_import", { dry_run: false }, "INVALID_ARGUMENT", ["`data`"]],
  [
    "import data with a malformed tag",
    "clipboard_import",
    {
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
  [
    "an unknown import conflict mode",
    "clipboard_import",
    { data: "{}", conflict: "merge" },
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
    history: (await ok<{ operations: unknown[] }>(client, "history", { session, limit: 100 }))
      .operations,
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
    await call(client, "session_end", { session });
    await client.close();
  });

  it.each(cases)(
    "refuses %s and leaves the clipboard unchanged",
    async (_title, tool, args, code, mentions) => {
      const before = settled;
      const withSession = { ...args };
      if (tool !== "session_start" && !("session" in args)) withSession.session = session;
      const result = await call(client, tool, withSession);
      expectToolError(result, code, mentions);
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
    const result = await call(client, "clipboard_import", {
      session,
      data: document,
      dry_run: false,
    });
    expectToolError(result, "INVALID_ARGUMENT", ["`data`", "entries.1.key"]);
    const badScope = await call(client, "clipboard_import", {
      session,
      data: {
        ...document,
        entries: [document.entries[0], { key: "x", scope: "galaxy", content: "" }],
      },
      dry_run: false,
    });
    expectToolError(badScope, "INVALID_ARGUMENT", ["entries.1.scope"]);
    expect(await state()).toEqual(before);
    expectToolError(
      await call(client, "clipboard_get", { session, key: "would-be-new" }),
      "ENTRY_NOT_FOUND",
    );
  });

  it("answers UNKNOWN_SESSION for a well-formed handle never started, without creating it", async () => {
    const v2 = await connectV2();
    try {
      const before = await state();
      const ghost = "s-aaaaaaaaaaaa";
      for (const [tool, args] of [
        ["clipboard_get", { session: ghost, key: "keep" }],
        ["copy", { session: ghost, key: "keep", text: "into the void" }],
        ["clipboard_list", { session: ghost }],
        ["todo", { session: ghost, action: "add", text: "x" }],
        ["session_end", { session: ghost }],
      ] as const) {
        expectToolError(await call(v2, tool, args), "UNKNOWN_SESSION", [ghost, "session_start"]);
      }
      // The copy above did not bring the session into being.
      expectToolError(await call(v2, "clipboard_list", { session: ghost }), "UNKNOWN_SESSION", [
        ghost,
      ]);
      const { sessions } = await ok<{ sessions: { session: string }[] }>(v2, "session_list");
      expect(sessions.map((s) => s.session)).not.toContain(ghost);
      expect(await state()).toEqual(before);
    } finally {
      await v2.close();
    }
  });

  it("refuses to end the default session and to end a session given no handle", async () => {
    const before = await state();
    expectToolError(
      await call(client, "session_end", { session: "default" }),
      "SESSION_PROTECTED",
      ["`default`", "clipboard_clear"],
    );
    expectToolError(await call(client, "session_end", {}), undefined, ["session"]);
    expect(await state()).toEqual(before);
  });
});
