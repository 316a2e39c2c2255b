import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** What the X11 clipboard tests need, and how to get it on Debian. */
export const X11_INSTALL = "sudo apt install xvfb xclip xsel";

/** Where `tool` lives on this machine's PATH, if anywhere. */
export function which(tool: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return join(dir, tool);
    } catch {}
  }
  return undefined;
}

/**
 * Starts a private X server on a display of its own: a random number from 100
 * up, not the lowest free one (Xvfb's own pick), so that a display another
 * test's server just let go of is never taken again in the same run: an X
 * server that exits removes its socket late, and on a busy machine a new
 * server on its number lost it ("cannot open display"). `-displayfd` says
 * when the server takes connections, and a client is then seen to connect
 * (a fresh display was once unreachable to the first client a test ran); a
 * number already in use, or a server no client reaches, is tried again. It
 * never resets (`-noreset`): a server resets whenever its last client leaves,
 * and a test's next client would otherwise race that reset.
 */
export async function startXvfb(): Promise<{ display: string; stop: () => Promise<void> }> {
  for (let attempt = 1; ; attempt++) {
    const number = 100 + Math.floor(Math.random() * 30_000);
    try {
      return await startXvfbOn(number);
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
}

async function startXvfbOn(
  number: number,
): Promise<{ display: string; stop: () => Promise<void> }> {
  const xvfb: ChildProcess = spawn(
    "Xvfb",
    [`:${number}`, "-displayfd", "3", "-nolisten", "tcp", "-noreset"],
    {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  xvfb.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const display = await new Promise<string>((resolve, reject) => {
    let written = "";
    xvfb.stdio[3]?.on("data", (chunk: Buffer) => {
      written += chunk.toString();
      if (written.endsWith("\n")) resolve(`:${written.trim()}`);
    });
    xvfb.on("error", reject);
    xvfb.on("exit", (code) => reject(new Error(`Xvfb :${number} exited (${code}): ${log}`)));
  });
  const stop = async () => {
    if (xvfb.exitCode !== null || xvfb.signalCode !== null) return;
    const exited = new Promise((resolve) => xvfb.once("exit", resolve));
    xvfb.kill("SIGTERM");
    await exited; // The xclip and xsel processes holding its selections die with it.
  };
  if (!(await reachable(display))) {
    await stop();
    throw new Error(`Xvfb ${display} took no client within 10 s: ${log}`);
  }
  return { display, stop };
}

/**
 * Whether a client connects to `display` within 10 s: xclip reading the
 * clipboard (an empty one answers, without owning anything), tried every
 * 100 ms while it cannot open the display. Without xclip, assumed so.
 */
async function reachable(display: string): Promise<boolean> {
  if (!which("xclip")) return true;
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const probe = spawnSync("xclip", ["-o", "-selection", "clipboard"], {
      env: { ...process.env, DISPLAY: display },
      encoding: "utf8",
      timeout: 2_000,
    });
    if (!/can't open display/i.test(probe.stderr ?? "") && probe.error === undefined) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
