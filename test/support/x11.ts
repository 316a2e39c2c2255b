import { type ChildProcess, spawn } from "node:child_process";
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

/** Starts a private X server on a free display (Xvfb picks it: -displayfd). */
export async function startXvfb(): Promise<{ display: string; stop: () => Promise<void> }> {
  const xvfb: ChildProcess = spawn("Xvfb", ["-displayfd", "3", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let log = "";
  xvfb.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const display = await new Promise<string>((resolve, reject) => {
    let number = "";
    xvfb.stdio[3]?.on("data", (chunk: Buffer) => {
      number += chunk.toString();
      if (number.endsWith("\n")) resolve(`:${number.trim()}`);
    });
    xvfb.on("error", reject);
    xvfb.on("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${log}`)));
  });
  const stop = async () => {
    if (xvfb.exitCode !== null || xvfb.signalCode !== null) return;
    const exited = new Promise((resolve) => xvfb.once("exit", resolve));
    xvfb.kill("SIGTERM");
    await exited; // The xclip and xsel processes holding its selections die with it.
  };
  return { display, stop };
}
