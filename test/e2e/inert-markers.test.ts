import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  ok,
  startSession,
  unique,
  unnumbered,
} from "./clients.ts";

/**
 * Markers in results are inert (DESIGN.md §3): content a result shows has its
 * `{{ref:` escaped, so text a model echoes back writes exactly the bytes the
 * result showed and never expands: no entry, file or OS clipboard it names
 * leaks into the copy. (With files and a real agent: e2e-agent/inert-markers.)
 */

let v1: AnyClient;
let v2: AnyClient;
let session: string;
const userKey = unique("user-token");
const SECRET = "USER-SCOPE-SECRET-7f3a";
const PRIVATE = "SESSION-PRIVATE-91bc";

/** An entry holding markers that name private content, and an escaped one. */
const README = `# Notes

User token: {{ref:clip=${userKey},scope=user}}
Private: {{ref:clip=private}}
OS clipboard: {{ref:source=os}}
Literal, escaped in the source: \\{{ref:clip=private}}
`;

/** Text that, given to a text parameter, stores exactly `text` (every `{{ref:` written as a literal). */
const literal = (text: string) => text.replaceAll("{{ref:", "\\{{ref:");

/** The bytes stored under `key`, as the export document holds them (JSON, no escaping of its own). */
async function stored(key: string): Promise<string> {
  let json = "";
  for (let page = 1, pages = 1; page <= pages; page++) {
    const exported = await ok<{ document: string; pages: number }>(v1, "update", {
      session,
      action: "export",
      scope: "session",
      keys: [key],
      page,
    });
    json += exported.document;
    pages = exported.pages;
  }
  const doc = JSON.parse(json) as { entries: { key: string; content: string }[] };
  const entry = doc.entries.find((e) => e.key === key);
  if (!entry) throw new Error(`no entry ${key} in the export`);
  return entry.content;
}

beforeAll(async () => {
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1);
  await ok(v1, "copy", { session, key: userKey, scope: "user", text: SECRET });
  await ok(v1, "copy", { session, key: "private", text: PRIVATE });
  await ok(v1, "copy", { session, key: "readme", text: literal(README) });
  expect(await stored("readme")).toBe(README);
});

afterAll(async () => {
  await call(v1, "update", { session, action: "delete", key: userKey, scope: "user" });
  await call(v1, "session", { action: "end", session });
  await v1.close();
  await v2.close();
});

describe("an entry's content echoed back from a read", () => {
  it("writes exactly the entry's bytes, and nothing the markers name", async () => {
    const got = await call(v2, "read", { session, from: "@readme" });
    expect(got.isError, got.text).toBeFalsy();
    // Reads number lines; a model echoing content leaves the numbers out.
    const shown = unnumbered(got.content[1]?.text ?? "");
    expect(got.content[1]?.text).toMatch(/^1\t# Notes\n2\t\n/);
    expect(shown).toBe(literal(README));
    expect(got.data.content).toBe(shown);
    const echoed = await call(v1, "copy", { session, key: "echo", text: shown });
    expect(echoed.isError, echoed.text).toBeFalsy();
    const bytes = await stored("echo");
    expect(bytes).toBe(README);
    expect(bytes).not.toContain(SECRET);
    expect(bytes).not.toContain(PRIVATE);
  });

  it("keeps the original bytes behind the result id: a result reference cites them, not the escaped form", async () => {
    const got = await ok<{ result: string }>(v1, "read", { session, from: "@readme" });
    await ok(v1, "copy", { session, from: { result: got.result, lines: "3..4" }, key: "cited" });
    expect(await stored("cited")).toBe(README.split("\n").slice(2, 4).join("\n").concat("\n"));
  });

  it("numbers lines as before: escaping adds no line", async () => {
    const got = await ok<{ start_line: number; end_line: number; total_lines: number }>(
      v1,
      "read",
      { session, from: "@readme:3-5" },
    );
    expect([got.start_line, got.end_line, got.total_lines]).toEqual([3, 5, 6]);
  });

  it("pages long content so each page, as shown, stays within the result limit", async () => {
    const line = "{{ref:clip=private}} {{ref:source=os}}\n"; // 39 characters, 41 shown
    const long = line.repeat(2_000);
    await ok(v1, "copy", { session, key: "long", text: literal(long) });
    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const got = await call(v1, "read", { session, from: "@long", page });
      expect(got.isError, got.text).toBeFalsy();
      const shown = got.content[1]?.text ?? "";
      expect(shown.length).toBeLessThanOrEqual(LIMITS.resultChars);
      expect(shown).not.toMatch(/(^|[^\\]){{ref:/);
      pages.push(unnumbered(shown));
      if (page >= (got.data.pages as number)) break;
    }
    expect(pages.length).toBe(3);
    await ok(v1, "copy", { session, key: "long-echo", text: pages.join("") });
    expect(await stored("long-echo")).toBe(long);
  });
});

describe("anchors copied from a result", () => {
  it("find the content they showed, exactly: a start anchor holding \\{{ref: matches the entry's {{ref:", async () => {
    const r = await call(v1, "copy", {
      session,
      from: { clip: "readme", start: "\\{{ref:clip=private}}", end: "\\{{ref:source=os}}" },
      key: "passage",
    });
    expect(r.isError, r.text).toBeFalsy();
    expect(r.data.cited).toBe("entry `readme` lines 4–5 (anchors: exact)");
    expect(await stored("passage")).toBe("{{ref:clip=private}}\nOS clipboard: {{ref:source=os}}");
  });

  it("and replace's from, which names content the same way", async () => {
    await ok(v1, "copy", {
      session,
      from: { clip: "readme" },
      key: "replaced",
      replace: [["\\{{ref:source=os}}", "(the OS clipboard)"]],
    });
    expect(await stored("replaced")).toBe(
      README.replace("{{ref:source=os}}", "(the OS clipboard)"),
    );
  });
});

describe("every other result that shows content", () => {
  it("copy with show, verbose listings, search snippets and history show markers escaped", async () => {
    const shown = await call(v1, "copy", {
      session,
      key: unique("shown"),
      text: literal("a {{ref:clip=private}}\n"),
      show: true,
    });
    expect(shown.content[1]?.text).toBe("1\ta \\{{ref:clip=private}}\n");
    expect(shown.data.content).toBe("a \\{{ref:clip=private}}\n");

    const listed = await call(v1, "list", { session, scope: "session", verbose: true });
    const line = `User token: \\{{ref:clip=${userKey},scope=user}}`;
    expect(listed.text).toContain(line);
    expect(listed.text).not.toMatch(/(^|[^\\]){{ref:/m);
    const entries = listed.data.entries as { key: string; head?: string[] }[];
    expect(entries.find((e) => e.key === "readme")?.head).toContain(line);

    const found = await call(v1, "list", { session, query: "OS clipboard:" });
    expect(found.text).toContain("OS clipboard: \\{{ref:source=os}}");
    expect(found.text).not.toMatch(/(^|[^\\]){{ref:/m);
  });

  it("descriptions and todo items in results and in the clipboard resource and prompt show markers escaped", async () => {
    const key = unique("described");
    await ok(v1, "copy", {
      session,
      key,
      text: "x",
      description: "see {{ref:clip=private}}",
    });
    await ok(v1, "session", { session, action: "todo_add", text: "paste {{ref:clip=private}}" });
    const todos = await call(v1, "session", { session, action: "todo" });
    expect(todos.text).toContain("paste \\{{ref:clip=private}}");
    const { contents } = await v2.readResource({ uri: `clipboard://${session}` });
    const markdown = (contents[0] as { text?: string }).text ?? "";
    expect(markdown).toContain("see \\{{ref:clip=private}}");
    expect(markdown).toContain("paste \\{{ref:clip=private}}");
    expect(markdown).not.toMatch(/(^|[^\\]){{ref:/m);
    const prompt = await v1.getPrompt({ name: "clipboard", arguments: { session } });
    const text = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? "";
    expect(text).toContain("see \\{{ref:clip=private}}");
  });

  it("an inline export shows markers as JSON escapes, and importing what it showed restores the bytes", async () => {
    const exported = await call(v1, "update", {
      session,
      action: "export",
      scope: "session",
      keys: ["readme"],
    });
    const document = exported.content[1]?.text ?? "";
    expect(document).not.toContain("{{ref:");
    expect(document).toContain("\\u007b{ref:clip=private}}");
    expect(exported.data.document).toBe(document);
    const into = await startSession(v1);
    await ok(v1, "update", { session: into, action: "import", data: document, dry_run: false });
    const again = await ok<{ document: string }>(v1, "update", {
      session: into,
      action: "export",
      scope: "session",
      keys: ["readme"],
    });
    const doc = JSON.parse(again.document) as { entries: { content: string }[] };
    expect(doc.entries[0]?.content).toBe(README);
    await call(v1, "session", { action: "end", session: into });
  });
});
