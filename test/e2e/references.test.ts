import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  startSession,
} from "./clients.ts";

/**
 * References that need no local agent: entries (`clip`) and earlier results
 * (`result`), selected by lines or anchors, as objects, lists and inline
 * markers, with transforms. (Files, `focus` and the syntax guard: e2e-agent.)
 */
const CONFIG = `# settings
[server]
host = "127.0.0.1"
port = 8080

[database]
url = "postgres://localhost/app"
pool = 5
`;

let v1: AnyClient;
let v2: AnyClient;
let session: string;

beforeAll(async () => {
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1);
  await ok(v1, "copy", { session, key: "config", text: CONFIG });
});

afterAll(async () => {
  await call(v1, "session", { action: "end", session });
  await v1.close();
  await v2.close();
});

const content = async (key: string) =>
  (await ok<{ content: string }>(v1, "read", { session, from: { clip: key } })).content;

describe("references to entries", () => {
  it("copies lines of an entry by a ref object", async () => {
    await ok(v1, "copy", { session, from: { clip: "config", lines: "2..4" }, key: "server" });
    expect(await content("server")).toBe('[server]\nhost = "127.0.0.1"\nport = 8080\n');
  });

  it("copies a passage between anchors typed with drift, as whole lines when they cover whole lines, and says what it cited", async () => {
    const r = await call(v2, "copy", {
      session,
      from: { clip: "config", start: "[DATABASE]", end: "pool=5" },
      key: "db",
    });
    expect(r.isError, r.text).toBeFalsy();
    expect(r.text).toContain("entry `config` lines 6–8 (anchors: normalised; whole lines)");
    expect(await content("db")).toBe('[database]\nurl = "postgres://localhost/app"\npool = 5\n');
  });

  it("assembles a mosaic from a `from` list, transformed per piece and joined", async () => {
    await ok(v1, "copy", {
      session,
      from: [
        { clip: "config", lines: "3" },
        { clip: "config", lines: "7" },
      ],
      key: "mosaic",
      replace: [[" = ", ": "]],
      prepend: "- ",
      join: "",
    });
    expect(await content("mosaic")).toBe(
      '- host: "127.0.0.1"\n- url: "postgres://localhost/app"\n',
    );
  });

  it("resolves inline markers inside text, keeping a literal \\{{ref:", async () => {
    await ok(v1, "copy", {
      session,
      key: "inline",
      text: 'port is {{ref:clip=config,start="8080"}}; write \\{{ref:clip=x}} literally\n{{ref:clip=config,lines=1}}\n',
    });
    // Stored as a literal `{{ref:clip=x}}`, which results show escaped (markers in results are inert).
    expect(await content("inline")).toBe(
      "port is 8080; write \\{{ref:clip=x}} literally\n# settings\n",
    );
  });

  it("resolves markers in transform strings and in the text of an update", async () => {
    await ok(v1, "copy", {
      session,
      from: { clip: "config", lines: "3" },
      key: "headed",
      prepend: "{{ref:clip=config,lines=2}}",
    });
    expect(await content("headed")).toBe('[server]\nhost = "127.0.0.1"\n');
    await ok(v1, "update", { session, key: "headed", text: "{{ref:clip=config,lines=7..8}}" });
    expect(await content("headed")).toBe('url = "postgres://localhost/app"\npool = 5\n');
    const bad = await call(v1, "copy", {
      session,
      key: "nope",
      text: "x",
      append: "{{ref:clip=missing}}",
    });
    expectToolError(bad, "ENTRY_NOT_FOUND", ["append", "{{ref:clip=missing}}"]);
  });

  it("wraps and shifts indentation by levels", async () => {
    await ok(v1, "copy", {
      session,
      from: { clip: "config", lines: "3..4" },
      key: "wrapped",
      wrap: "[block]\n{content}[end]\n",
      indent: 1,
    });
    expect(await content("wrapped")).toBe(
      '    [block]\n    host = "127.0.0.1"\n    port = 8080\n    [end]\n',
    );
  });
});

describe("the result index", () => {
  it("gives every result that shows content an id whose lines can be cited", async () => {
    const got = await call(v1, "read", { session, from: "@config:6-8" });
    const id = /^(r\d+) /.exec(got.text)?.[1];
    expect(id, got.text).toBeDefined();
    // Lines are numbered as the result showed them: 6–8 of the entry.
    expect(got.text).toContain("\n7\turl = ");
    await ok(v2, "copy", { session, from: `${id}:7-8`, key: "from-result" });
    expect(await content("from-result")).toBe('url = "postgres://localhost/app"\npool = 5\n');
    const outside = await call(v1, "copy", { session, from: `${id}:1-2`, key: "x" });
    expectToolError(outside, "LINE_OUT_OF_RANGE", [`result ${id}`, "6–8"]);
  });

  it("numbers copy's shown content too, and finds anchors in a result", async () => {
    const shown = await call(v1, "copy", {
      session,
      key: "shown",
      text: "alpha\nbeta\ngamma\n",
      show: true,
    });
    const id = /content is (r\d+):/.exec(shown.text)?.[1];
    expect(id, shown.text).toBeDefined();
    await ok(v1, "copy", { session, from: { result: id, start: "BETA" }, key: "beta" });
    expect(await content("beta")).toBe("beta");
  });

  it("keeps results per session: another session cannot cite them", async () => {
    const got = await call(v1, "read", { session, from: "@config" });
    const id = /^(r\d+) /.exec(got.text)?.[1];
    expect(id, got.text).toBeDefined();
    const other = await startSession(v1);
    try {
      const r = await call(v1, "copy", { session: other, from: { result: id }, key: "y" });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^(RESULT_NOT_FOUND|INVALID_ARGUMENT)/);
      expect(r.text).not.toContain("127.0.0.1");
    } finally {
      await call(v1, "session", { action: "end", session: other });
    }
  });
});

describe("references that need the agent say so", () => {
  it("focus in an entry without a connected agent is AGENT_NOT_CONNECTED, and nothing is stored", async () => {
    await ok(v1, "copy", { session, key: "code", text: "def f():\n    return 1\n" });
    const r = await call(v1, "copy", {
      session,
      from: { clip: "code", focus: "f", lang: "python" },
      key: "f",
    });
    expectToolError(r, "AGENT_NOT_CONNECTED");
    const missing = await call(v1, "read", { session, from: "@f" });
    expectToolError(missing, "ENTRY_NOT_FOUND");
  });
});
