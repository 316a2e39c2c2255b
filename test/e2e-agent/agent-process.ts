import { mkdirSync, mkdtempSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import {
  type AgentOptions,
  type AgentProcess,
  startAgentProcess,
} from "../../scripts/agent-process.ts";
import { lane } from "../support/lanes.ts";

export type { AgentProcess };

/** A temporary project directory holding `files` (path → content). */
export function tempProject(files: Record<string, string | Uint8Array> = {}): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-project-")));
  for (const [name, content] of Object.entries(files)) writeFile(root, name, content);
  return root;
}

export function writeFile(root: string, name: string, content: string | Uint8Array): void {
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Files under `root` named like edgeclip's temporary files. */
export function tempFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    f.includes(".edgeclip-"),
  );
}

/** An agent for the test server, run from local-agent/dist (or `bin`), with the test display. */
export function startAgent(
  options: Omit<AgentOptions, "server" | "bin"> & { bin?: string[] },
): Promise<AgentProcess> {
  const { url, token, display } = lane();
  return startAgentProcess({
    ...options,
    server: url,
    bin: options.bin ?? [process.execPath, inject("agentBin")],
    localToken: options.localToken === undefined ? token : options.localToken,
    env: { ...(display ? { DISPLAY: display } : {}), ...options.env },
  });
}
