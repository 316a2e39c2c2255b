import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyClient, call, connectV1, startSession } from "../e2e/clients.ts";
import { bigTypeScript } from "../support/big-files.ts";
import { type AgentProcess, startAgent, tempProject, writeFile } from "./agent-process.ts";

/**
 * Issue 27 §6: hostile files read for their structure stay within bounds,
 * and a small call never waits behind a slow one. 0.6.0 ran a session's calls
 * one after another (a 1-line `read` waited 28.6 s behind a slow outline in
 * the same session) and every parse in one compute thread (a 1-line paste
 * into a tiny YAML file waited 58 s for it).
 */
let root: string;
let agent: AgentProcess;
let v1: AnyClient;

beforeAll(async () => {
  root = tempProject({
    "big.ts": bigTypeScript(6),
    "tiny.yaml": "a: 1\n",
    "small.txt": "one line\ntwo\n",
    "keys.yaml": `${"k: 1\n".repeat(200_000)}`,
    "dotted.toml": `${"a.".repeat(1_000_000)}a = 1\n`,
  });
  agent = await startAgent({ root, name: "hostile-agent", project: "hostile-project" });
  v1 = await connectV1();
});

afterAll(async () => {
  await v1?.close();
  await agent?.stop();
});

describe("hostile structure", () => {
  it("answers a 1-line read in the same session and a paste into a tiny YAML file in another while a slow outline runs", async () => {
    const [one, other] = [await startSession(v1), await startSession(v1)];
    const done: string[] = [];
    const slow = call(v1, "read", { session: one, from: "big.ts", outline: true }).then((r) => {
      done.push("outline");
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the outline is being parsed
    const read = call(v1, "read", { session: one, from: "small.txt:1" }).then((r) => {
      done.push("read");
      return r;
    });
    const paste = call(v1, "paste", {
      session: other,
      to: "tiny.yaml",
      text: "b: 2\n",
    }).then((r) => {
      done.push("paste");
      return r;
    });
    const [outline, small, pasted] = await Promise.all([slow, read, paste]);
    expect(small.isError, small.text).toBeFalsy();
    expect(small.text).toContain("one line");
    expect(pasted.isError, pasted.text).toBeFalsy();
    // The outline answered or was refused within the agent's limits; either way, last.
    expect(outline.isError ? outline.text : "answered").toMatch(/answered|TOO_COMPLEX/);
    expect(done.at(-1)).toBe("outline");
  });

  it("refuses a structural read of a file with too many keys or key parts, naming it TOO_COMPLEX, at once", async () => {
    const session = await startSession(v1);
    for (const file of ["keys.yaml", "dotted.toml"]) {
      const outline = await call(v1, "read", { session, from: file, outline: true });
      expect(outline.isError, file).toBe(true);
      expect(outline.text, file).toMatch(/TOO_COMPLEX/);
      expect(outline.text, file).toContain(`\`${file}\` is too large to outline`);
      expect(outline.text, file).toMatch(
        /too many to parse for its structure[\s\S]*read it by lines/,
      );
      const focus = await call(v1, "read", { session, from: `${file}#k` });
      expect(focus.text, file).toMatch(/TOO_COMPLEX/);
    }
    // A paste into such a file is written; its syntax is not checked (too large to parse).
    const pasted = await call(v1, "paste", { session, to: "keys.yaml", text: "z: 1\n" });
    expect(pasted.isError, pasted.text).toBeFalsy();
    writeFile(root, "keys.yaml", `${"k: 1\n".repeat(200_000)}`);
  });
});
