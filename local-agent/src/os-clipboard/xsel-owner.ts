import { type ChildProcess, spawn } from "node:child_process";
import type { RunOutput } from "./run.ts";

/**
 * The xsel process that holds the agent's text on the X11 clipboard.
 *
 * xsel hands a text over 4000 bytes over in increments, and its owner exits
 * on any X error; a reader that leaves as the last increment lands gives it
 * one (BadWindow), so about one read in 25, by any app, emptied the
 * clipboard (measured here, with and without load). So the agent runs
 * `xsel --nodetach` itself, and when it dies of that error it starts it
 * again with the same text, once the clipboard is found empty (another app
 * may have copied meanwhile). It lets go when another app takes the
 * clipboard (xsel exits 0), when the agent writes again, when xsel dies of
 * anything else, or after RESTARTS restarts. The process is detached, as
 * xsel's own daemon is, so the text outlives the agent (unwatched then).
 * An owner of another app's text, or one started outside the agent, is not
 * watched: a read of it can still empty the clipboard, as any app's can.
 */
export interface XselOwner {
  /**
   * Starts an owner of `text` in place of the last one. Resolves once xsel
   * has read the text, or with how it ended if it ended first.
   */
  take(text: string): Promise<RunOutput | undefined>;
  /** How the current owner ended when it failed for good (e.g. no display); undefined while it holds, or restarts. */
  failure(): RunOutput | undefined;
  /** Whether the clipboard is the agent's (its owner lives, or is being started again). */
  holding(): boolean;
}

/** Restarts of one text's owner, at most: each needs a reader to kill the last. */
const RESTARTS = 100;

export function xselOwner(
  env: NodeJS.ProcessEnv,
  /** Whether the clipboard is empty now (no owner): a restart takes it only then. */
  isEmpty: () => Promise<boolean>,
): XselOwner {
  let current:
    | { text: string; child?: ChildProcess; restarts: number; failed?: RunOutput }
    | undefined;

  const start = (owned: NonNullable<typeof current>): Promise<RunOutput | undefined> =>
    new Promise((resolve) => {
      const child = spawn("xsel", ["--clipboard", "--input", "--nodetach"], {
        env,
        detached: true,
        stdio: ["pipe", "ignore", "pipe"],
      });
      owned.child = child;
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        if (stderr.length < 4096) stderr += chunk.toString("utf8");
      });
      // Neither the process nor its pipe keeps the agent's event loop alive.
      child.unref();
      (child.stderr as unknown as { unref?(): void } | null)?.unref?.();
      child.on("error", (err) => {
        owned.failed = { code: null, stdout: "", stderr: err.message };
        resolve(owned.failed);
      });
      // 'close', not 'exit': stderr (which says why it died) is whole only then.
      child.on("close", (code) => {
        const ended = { code, stdout: "", stderr: stderr.trim() };
        resolve(ended);
        if (current !== owned || owned.child !== child) return; // Replaced by a newer write.
        owned.child = undefined;
        // Killed by a reader's X error (BadWindow), not by another app's copy (exit 0).
        if (code === 1 && /BadWindow/.test(stderr) && owned.restarts < RESTARTS) {
          owned.restarts++;
          void restart(owned);
        } else if (code !== 0) owned.failed ??= ended;
        else current = undefined;
      });
      child.stdin?.on("error", () => {}); // EPIPE: it exited first, and its exit says why.
      child.stdin?.end(owned.text, () => resolve(undefined));
    });

  const restart = async (owned: NonNullable<typeof current>) => {
    // Another app may have copied between the death and now: that copy stands.
    const empty = await isEmpty();
    if (current !== owned) return;
    if (!empty) current = undefined;
    else await start(owned);
  };

  return {
    take(text) {
      // The last owner is let go, not killed: it exits once the new one takes the clipboard
      // (and a reader midway through its text is not left hanging).
      current = { text, restarts: 0 };
      return start(current);
    },
    failure: () => current?.failed,
    holding: () => current !== undefined && current.failed === undefined,
  };
}
