import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, linkSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The JSON lines a child writes on stdout (the other account's test programs
 * report what they hear so): `records`, as they come, and `first(event)`, the
 * first record of that event, rejected if the child exits before it.
 */
export function recordsOf(child: ChildProcess) {
  const records: Record<string, unknown>[] = [];
  const waiting = new Map<string, (record: Record<string, unknown>) => void>();
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    const lines = text.split("\n");
    text = lines.pop() ?? "";
    for (const line of lines) {
      const record = JSON.parse(line) as Record<string, unknown>;
      records.push(record);
      waiting.get(String(record.event))?.(record);
    }
  });
  const first = (event: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = records.find((r) => r.event === event);
      if (seen) return resolve(seen);
      waiting.set(event, resolve);
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`it exited (${code}) before ${event}`)));
    });
  return { records, first };
}

/** The account tests act as when they play another user of the machine: nobody. */
export const OTHER_UID = 65534;

/** Whether this run can act as another account (it runs as root, as CI does). */
export const canActAsOther = () => process.getuid?.() === 0;

/**
 * A place another account can run Node scripts from: Node and the scripts
 * copied (or linked) into a directory of their own that it can enter, since
 * the checkout may sit in one it cannot (a clone in `mktemp -d`, mode 0700).
 */
export class OtherAccount {
  readonly dir = mkdtempSync(path.join(tmpdir(), "edgeclip-other-"));
  readonly node = path.join(this.dir, "node");

  constructor() {
    chmodSync(this.dir, 0o755);
    try {
      linkSync(process.execPath, this.node);
    } catch {
      copyFileSync(process.execPath, this.node);
    }
    chmodSync(this.node, 0o755);
  }

  /** Copies `file` here (readable by all) and returns its path in this place. */
  script(file: string): string {
    const copy = path.join(this.dir, path.basename(file));
    copyFileSync(file, copy);
    chmodSync(copy, 0o644);
    return copy;
  }

  /** The options that run a child as the other account when this is root (else as this one). */
  private get as() {
    return canActAsOther() ? { uid: OTHER_UID, gid: OTHER_UID } : {};
  }

  /** Starts Node with `args` as the other account. */
  spawn(args: string[], stdio: "pipe" | "inherit" = "pipe"): ChildProcess {
    return spawn(this.node, args, {
      cwd: this.dir,
      stdio: ["ignore", "pipe", stdio === "inherit" ? "inherit" : "pipe"],
      ...this.as,
    });
  }

  /** Runs `node -e code` as the other account, with `args` after it: its stdout. */
  run(code: string, args: string[] = []): string {
    const result = spawnSync(this.node, ["-e", code, ...args], {
      cwd: this.dir,
      encoding: "utf8",
      timeout: 30_000,
      ...this.as,
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`node -e exited ${result.status}: ${result.stderr}`);
    return result.stdout;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
