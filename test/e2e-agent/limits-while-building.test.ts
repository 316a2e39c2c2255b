import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyClient, call, connectV2, expectToolError, startSession } from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

/**
 * Sizes are checked while content is built (DESIGN.md §3), on the paths that
 * go to files: a move's transform and a paste's references are refused at
 * the step that would pass 10 MiB, and no file changes.
 */

const SOURCE = `export const a = "${"a".repeat(3_000)}";\n`;
const BIG = `${"b".repeat(6 * 1024 * 1024 - 1)}\n`; // 6 MiB: two of them pass 10 MiB

let root: string;
let agent: AgentProcess;
let client: AnyClient;
let session: string;
const file = (name: string) => readFileSync(path.join(root, name), "utf8");

beforeAll(async () => {
  root = tempProject({ "source.ts": SOURCE, "dest.ts": "// dest\n", "big.txt": BIG });
  agent = await startAgent({ root, name: "limits-agent", project: "limits-project" });
  client = await connectV2();
  session = await startSession(client, { project: "limits-project" });
});

afterAll(async () => {
  await client?.close();
  await agent?.stop();
});

describe("content for files, refused while it is built", () => {
  it("a move whose chained replace would pass 10 MiB: refused at that replace, both files unchanged", async () => {
    const tenfold = ["a", "aaaaaaaaaa"];
    const r = await call(client, "move", {
      session,
      from: "source.ts:1",
      to: "dest.ts",
      replace: Array(6).fill(tenfold),
    });
    expectToolError(r, "TEXT_TOO_LARGE", ["`replace[3]`"]);
    expect(file("source.ts")).toBe(SOURCE);
    expect(file("dest.ts")).toBe("// dest\n");
  });

  it("a paste of references to a 6 MiB file: refused at the second, before the third is read", async () => {
    const r = await call(client, "paste", {
      session,
      from: [{ path: "big.txt" }, { path: "big.txt" }, { path: "no-such-file.txt" }],
      to: { path: "out.txt", create_if_missing: true },
    });
    // Reading the third would answer FILE_NOT_FOUND instead.
    expectToolError(r, "TEXT_TOO_LARGE", ["`from[1]`"]);
    expect(existsSync(path.join(root, "out.txt"))).toBe(false);
  });
});
