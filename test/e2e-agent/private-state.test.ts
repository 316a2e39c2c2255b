import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyClient, connectV1, ok } from "../e2e/clients.ts";
import { lane } from "../support/lanes.ts";
import { canActAsOther, OTHER_UID, OtherAccount } from "../support/other-account.ts";
import { startAgent, tempProject } from "./agent-process.ts";

/**
 * Issue 42 §4: 0.8 kept the agent's state (`~/.local/state/edgeclip`: the
 * journal, whose entries hold the text each edit replaced; the ledger; the
 * running agents' roots) in 0755 directories and 0644 files. Where another
 * account could enter the home, it read, during 12 edits, about 1,600 copies
 * of a line from a file only the user could read. The state directory is now
 * the user's alone: created 0700, files 0600, an open one tightened at start,
 * another account's refused.
 */
const SECRET = "the owner's private line";
let other: OtherAccount;
let client: AnyClient;

beforeAll(async () => {
  other = new OtherAccount();
  client = await connectV1();
});
afterAll(async () => {
  other?.remove();
  await client?.close();
});

/** Every entry under `dir`, with its mode. */
function modes(dir: string): { entry: string; mode: number; directory: boolean }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const entry = path.join(e.parentPath, e.name);
    const info = statSync(entry);
    return { entry, mode: info.mode & 0o777, directory: info.isDirectory() };
  });
}

describe("the agent's state directory", () => {
  it("is its user's alone: another account reads nothing of it while the model edits a private file, and an open one left by 0.8 is tightened", async () => {
    // A state directory as 0.8 left it, in a home other accounts can enter.
    const home = mkdtempSync(path.join(tmpdir(), "edgeclip-home-"));
    chmodSync(home, 0o755);
    const state = path.join(home, "state");
    mkdirSync(path.join(state, "ledger", "0123456789abcdef"), { recursive: true, mode: 0o755 });
    mkdirSync(path.join(state, "journal"), { mode: 0o755 });
    for (const dir of [
      state,
      path.join(state, "ledger"),
      path.join(state, "ledger", "0123456789abcdef"),
    ])
      chmodSync(dir, 0o755);
    const older = path.join(state, "ledger", "0123456789abcdef", "older.json");
    writeFileSync(older, `{"an older record":"${SECRET}"}`, { mode: 0o644 });
    chmodSync(older, 0o644);

    const root = tempProject({ "private.txt": `${SECRET}\n${"filler line\n".repeat(20)}` });
    chmodSync(path.join(root, "private.txt"), 0o600);
    const agent = await startAgent({ root, name: "private-state", state });
    const peeking = canActAsOther()
      ? other.spawn([other.script(path.resolve("test/support/peek.ts")), state, "6", SECRET])
      : undefined;
    let peeked = "";
    peeking?.stdout?.on("data", (chunk: Buffer) => {
      peeked += chunk.toString();
    });
    try {
      // Twelve edits that each replace the private line (the journal keeps what they replace).
      for (let i = 0; i < 12; i++) {
        await ok(client, "paste", {
          text: i % 2 ? SECRET : `${SECRET} (edited)`,
          to: { path: "private.txt", lines: "1", mode: "replace_lines" },
          agent: "private-state",
        });
      }
      if (peeking) await new Promise((resolve) => peeking.once("exit", resolve));
    } finally {
      peeking?.kill("SIGKILL");
      await agent.stop();
    }
    // 0.8: some 1,600 reads of the private line.
    if (peeking) expect(JSON.parse(peeked)).toMatchObject({ reads: 0, sawMarker: 0 });
    for (const { entry, mode, directory } of modes(state))
      expect(mode, entry).toBe(directory ? 0o700 : 0o600);
    expect(statSync(state).mode & 0o777).toBe(0o700);
  });

  it("is refused when another account owns it, or a file in it, and the agent says so and serves nothing", async () => {
    if (!canActAsOther()) return;
    const root = tempProject({ "a.txt": "a\n" });
    // The credential in a config directory of the user's own, so that the state directory is what is judged.
    const config = mkdtempSync(path.join(tmpdir(), "edgeclip-config-"));
    writeFileSync(path.join(config, "local.env"), `EDGECLIP_LOCAL_TOKEN=${lane().token}\n`, {
      mode: 0o600,
    });
    const env = { EDGECLIP_CONFIG_DIR: config };
    const theirs = mkdtempSync(path.join(tmpdir(), "edgeclip-their-state-"));
    chownSync(theirs, OTHER_UID, OTHER_UID);
    await expect(startAgent({ root, name: "their-state", state: theirs, env })).rejects.toThrow(
      /belongs to another user/,
    );
    const planted = mkdtempSync(path.join(tmpdir(), "edgeclip-planted-state-"));
    mkdirSync(path.join(planted, "journal"), { mode: 0o700 });
    const forged = path.join(planted, "journal", "1-forged.json");
    writeFileSync(forged, "{}");
    chownSync(forged, OTHER_UID, OTHER_UID);
    await expect(startAgent({ root, name: "planted-state", state: planted, env })).rejects.toThrow(
      /1-forged\.json, which belongs to another user/,
    );
  });
});
