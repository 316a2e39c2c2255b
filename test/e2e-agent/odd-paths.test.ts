import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  startSession,
} from "../e2e/clients.ts";
import { type AgentProcess, startAgent, tempFiles, tempProject } from "./agent-process.ts";

/** 300 characters (code points), 1,191 bytes of UTF-8: a name no usual file system takes. */
const EMOJI = "🙂".repeat(297).concat(".ts");

let root: string;
let agent: AgentProcess;
let v1: AnyClient;
let v2: AnyClient;
let session: string;

/** Every file and directory under the root, with the files' content: what "nothing changed on disk" compares. */
const snapshot = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .map((e) => {
      const p = path.join(e.parentPath, e.name);
      return `${path.relative(root, p)}: ${e.isFile() ? readFileSync(p, "utf8") : "(directory)"}`;
    })
    .sort();

beforeAll(async () => {
  root = tempProject({ "src/a.ts": "export const a = 1;\n" });
  agent = await startAgent({ root, name: "odd-paths-agent", project: "odd-paths" });
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1);
});

afterAll(async () => {
  await v1?.close();
  await v2?.close();
  await agent?.stop();
});

describe("a path the file system refuses", () => {
  it("answers PATH_TOO_LONG to copy, cut, paste, read and move with a 300-character emoji path, naming it as given, changing nothing", async () => {
    const before = snapshot();
    const cases: [string, Record<string, unknown>, string][] = [
      ["copy", { from: EMOJI }, EMOJI],
      ["copy", { from: `${EMOJI}:1`, cut: true }, EMOJI],
      ["paste", { text: "x\n", to: EMOJI }, EMOJI],
      ["paste", { text: "x\n", to: { path: EMOJI, create_if_missing: true } }, EMOJI],
      [
        "paste",
        { text: "x\n", to: { path: `new/${EMOJI}`, create_if_missing: true } },
        `new/${EMOJI}`,
      ],
      ["read", { from: EMOJI }, EMOJI],
      ["move", { from: { path: EMOJI, lines: "1" }, to: "src/a.ts" }, EMOJI],
      [
        "move",
        { from: "src/a.ts:1", to: { path: `src/${EMOJI}`, create_if_missing: true } },
        `src/${EMOJI}`,
      ],
    ];
    for (const client of [v1, v2]) {
      for (const [tool, args, given] of cases) {
        const result = await call(client, tool, { session, ...args });
        expectToolError(result, "PATH_TOO_LONG", [`\`${given}\``]);
        // No absolute path of the machine, no OS message, no bug report.
        expect(result.text, tool).not.toContain(root);
        expect(result.text, tool).not.toContain(tmpdir());
        expect(result.text, tool).not.toMatch(/ENAMETOOLONG|realpath|INTERNAL_ERROR/);
      }
    }
    expect(snapshot()).toEqual(before);
    expect(tempFiles(root)).toEqual([]);
    expect(agent.log()).not.toContain("failed serving");
  });

  it("still serves ordinary paths afterwards", async () => {
    const result = await call(v1, "read", { session, from: "src/a.ts" });
    expect(result.isError, result.text).toBeFalsy();
    expect(result.text).toContain("export const a = 1;");
  });
});
