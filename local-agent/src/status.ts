import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { PRIVATE_DIR, PRIVATE_FILE } from "./durable.ts";
import { isAlive } from "./processes.ts";

/**
 * Where the agent keeps its state: the journal, and one status file per
 * running agent (read by `edgeclip-agent status`). `EDGECLIP_STATE_DIR`
 * overrides the platform's usual place.
 */
export function stateDir(env = process.env, platform = process.platform): string {
  if (env.EDGECLIP_STATE_DIR) return path.resolve(env.EDGECLIP_STATE_DIR);
  if (platform === "win32")
    return path.join(env.LOCALAPPDATA ?? path.join(homedir(), "AppData", "Local"), "edgeclip");
  if (platform === "darwin")
    return path.join(homedir(), "Library", "Application Support", "edgeclip");
  return path.join(env.XDG_STATE_HOME ?? path.join(homedir(), ".local", "state"), "edgeclip");
}

/** What a running agent says about itself. */
export interface AgentStatus {
  pid: number;
  server: string;
  name: string;
  project: string;
  roots: string[];
  read_only: boolean;
  state: "connecting" | "connected" | "reconnecting";
  since: string;
  last_error?: string | undefined;
}

const dirOf = (state: string) => path.join(state, "agents");

/** Writes this process's status file (atomically) and removes it when the process exits. */
export function statusWriter(state: string): (status: AgentStatus) => void {
  const dir = dirOf(state);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const file = path.join(dir, `${process.pid}.json`);
  process.once("exit", () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  });
  return (status) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(status), { mode: PRIVATE_FILE });
    renameSync(`${file}.tmp`, file);
  };
}

/** The agents running on this machine; files of processes that are gone are removed. */
export function readStatuses(state: string): AgentStatus[] {
  const dir = dirOf(state);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const running: AgentStatus[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const status = JSON.parse(readFileSync(file, "utf8")) as AgentStatus;
    if (isAlive(status.pid)) running.push(status);
    else unlinkSync(file);
  }
  return running;
}

/** `edgeclip-agent status`: one paragraph per running agent. */
export function describeStatuses(statuses: AgentStatus[]): string {
  if (!statuses.length) return "No edgeclip-agent is running on this machine.";
  return statuses
    .map(
      (s) =>
        `${s.name} (pid ${s.pid}): ${s.state} to ${s.server} since ${s.since}\n` +
        `  project ${s.project}, ${s.read_only ? "read-only" : "read-write"}, roots: ${s.roots.join(", ")}` +
        (s.last_error ? `\n  last error: ${s.last_error}` : ""),
    )
    .join("\n");
}
