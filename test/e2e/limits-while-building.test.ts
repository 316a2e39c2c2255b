import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import {
  type AnyClient,
  authHeaders,
  type CallResult,
  call,
  connectV1,
  connectV2,
  expectToolError,
  mcpUrl,
  ok,
  startSession,
  unique,
} from "./clients.ts";

/**
 * Sizes are checked while content is built, never after (DESIGN.md §3): every
 * expansion counts its size as it goes and stops at the step that would pass
 * the 10 MiB limit, naming the parameter, before that content exists. And a
 * deeply nested argument is refused with INVALID_ARGUMENT, not a stack overflow.
 */

let v1: AnyClient;
let v2: AnyClient;
let session: string;
const BIG = "big";
const missing = unique("missing");

beforeAll(async () => {
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1);
  // An entry of exactly the limit: one is allowed, two are not.
  await ok(v1, "copy", { session, key: BIG, text: "x".repeat(LIMITS.entryBytes) });
});

afterAll(async () => {
  await call(v1, "session", { action: "end", session });
  await v1.close();
  await v2.close();
});

/** The key was never stored. */
async function expectNotStored(key: string) {
  expectToolError(await call(v1, "read", { session, from: { clip: key } }), "ENTRY_NOT_FOUND");
}

describe("content refused while it is built", () => {
  it("a 3 KB copy with chained replace: refused at the replace that would pass 10 MiB, nothing stored", async () => {
    const key = unique("chained");
    const tenfold = ["a", "aaaaaaaaaa"];
    const r = await call(v1, "copy", {
      session,
      key,
      text: "a".repeat(3_000),
      replace: Array(6).fill(tenfold),
    });
    // 3 KB → 30 KB → 300 KB → 3 MB → 30 MB: the fourth replace would pass the limit.
    expectToolError(r, "TEXT_TOO_LARGE", ["`replace[3]`", "28.6 MiB"]);
    await expectNotStored(key);
  });

  it("a `from` list of 50 references to a 10 MiB entry: refused at the second, before the third is resolved", async () => {
    const key = unique("mosaic");
    // The third names no entry: resolving it would answer ENTRY_NOT_FOUND instead.
    const refs = Array.from({ length: 50 }, (_, i) => ({ clip: i === 2 ? missing : BIG }));
    const r = await call(v2, "copy", { session, from: refs, key });
    expectToolError(r, "TEXT_TOO_LARGE", ["`from[1]`", "20.0 MiB"]);
    await expectNotStored(key);
  });

  it("markers in text: refused at the marker that passes the limit, before the next is resolved", async () => {
    const key = unique("markers");
    const text = `a {{ref:clip=${BIG}}} b {{ref:clip=${BIG}}} c {{ref:clip=${missing}}}`;
    const r = await call(v1, "copy", { session, key, text });
    expectToolError(r, "TEXT_TOO_LARGE", ["`text`", `{{ref:clip=${BIG}}}`]);
    await expectNotStored(key);
  });

  it("markers in a transform's strings count against one limit for them all", async () => {
    const key = unique("wrapped");
    const r = await call(v1, "copy", {
      session,
      key,
      text: "middle",
      prepend: `{{ref:clip=${BIG}}}`,
      append: `{{ref:clip=${BIG}}}`,
    });
    expectToolError(r, "TEXT_TOO_LARGE", ["`append`"]);
    await expectNotStored(key);
  });

  it("a paste of references onto the OS clipboard is refused the same way, before any agent is asked", async () => {
    const r = await call(v1, "paste", {
      session,
      from: [{ clip: BIG }, { clip: BIG }, { clip: missing }],
      to: "os:",
    });
    expectToolError(r, "TEXT_TOO_LARGE", ["`from[1]`"]);
  });

  it("indentation by levels on an entry is sized before it is built", async () => {
    const key = unique("indented");
    const lines = "a\n".repeat(1024 * 1024); // 2 MiB of one-letter lines; 16 levels: 66 MiB
    await ok(v1, "copy", { session, key: `${key}-src`, text: lines });
    const r = await call(v1, "copy", {
      session,
      from: { clip: `${key}-src` },
      key,
      indent: 16,
    });
    expectToolError(r, "TEXT_TOO_LARGE", ["`indent`", "66.0 MiB"]);
    await expectNotStored(key);
  });

  it("the limit itself still fits: one reference to the 10 MiB entry, exactly", async () => {
    const key = unique("whole");
    const r = await ok<{ bytes: number }>(v1, "copy", { session, from: { clip: BIG }, key });
    expect(r.bytes).toBe(LIMITS.entryBytes);
    await call(v1, "update", { session, action: "delete", key });
  });
});

/**
 * A tools/call sent as raw JSON: the SDK clients cannot even serialise a
 * 20,000-deep value (their own JSON.stringify overflows), but a request can
 * carry one.
 */
async function rawCall(name: string, argumentsJson: string): Promise<CallResult> {
  const response = await fetch(mcpUrl(), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      ...authHeaders(),
    },
    body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`,
  });
  expect(response.status).toBe(200);
  const body = await response.text();
  const data = body.startsWith("{") ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? "{}");
  const message = JSON.parse(data) as { result?: CallResult; error?: unknown };
  if (!message.result) throw new Error(`no result: ${body.slice(0, 300)}`);
  const result = message.result;
  return { ...result, text: result.content.map((c) => c.text ?? "").join("\n"), data: {} };
}

describe("a deeply nested argument", () => {
  const DEPTH = 20_000;
  const deep = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;

  it("as an import's data object: INVALID_ARGUMENT naming `data`, not a stack overflow", async () => {
    const r = await rawCall("update", `{"session":"${session}","action":"import","data":${deep}}`);
    expectToolError(r, "INVALID_ARGUMENT", ["`data`", "32 levels"]);
    expect(r.text).not.toMatch(/stack|INTERNAL_ERROR/i);
  });

  it("inside an import document's JSON text: refused, and the session's listing still works", async () => {
    const document = `{"format":"edgeclip","version":1,"exported_at":"2026-01-01T00:00:00Z","entries":[{"key":"deep","scope":"session","content":"c","source":${deep}}]}`;
    const r = await call(v1, "update", {
      session,
      action: "import",
      data: document,
      dry_run: false,
    });
    expectToolError(r, "INVALID_ARGUMENT", ["`data`", "32 levels"]);
    const listed = await call(v1, "list", { session, scope: "session" });
    expect(listed.isError, listed.text).toBeFalsy();
    await expectNotStored("deep");
  });

  it("anywhere a schema expects text: the schema's own error, still a tool result", async () => {
    const r = await rawCall("copy", `{"session":"${session}","text":${deep}}`);
    expectToolError(r, undefined, ["text"]);
    expect(r.text).toMatch(/^Input validation error/);
  });
});
