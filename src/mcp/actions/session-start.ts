import { type Outcome, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { DEFAULT_PROJECT, mintSessionHandle } from "../../shared/core/names.ts";
import { bridgeStub, clipboardStub, sessionAddress } from "../../stubs.ts";
import type { Caller } from "../caller.ts";

/** The workspace of the connected local agents, when they all work on one. */
async function agentProject(caller: Caller): Promise<string | undefined> {
  const { agents } = await bridgeStub(caller.user).agents();
  const projects = new Set(agents.map((a) => a.project));
  return projects.size === 1 ? [...projects][0] : undefined;
}

export interface SessionStarted {
  session: string;
  project: string;
  description: string;
  idle_expiry_hours: number;
}

/** Mints a session handle. Runs in the Worker: the handle does not exist until it is minted. */
export async function startSession(
  caller: Caller,
  args: { project?: string; description?: string },
): Promise<Outcome<SessionStarted>> {
  const handle = mintSessionHandle();
  const address = sessionAddress(caller, handle);
  const project = args.project ?? (await agentProject(caller)) ?? DEFAULT_PROJECT;
  const info = await clipboardStub(address).start(address, project, args.description ?? "");
  return ok({
    session: info.handle,
    project: info.project,
    description: info.description,
    idle_expiry_hours: LIMITS.sessionIdleMs / 3_600_000,
  });
}

export const startedText = (v: SessionStarted) =>
  `Started session \`${v.session}\` (project \`${v.project}\`). Pass \`session: "${v.session}"\` to use it.`;
