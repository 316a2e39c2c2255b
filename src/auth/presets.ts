import type { OpName } from "../shared/bridge/protocol.ts";
import type { ToolFailure } from "../shared/core/errors.ts";
import { SCOPES, type Scope } from "../shared/core/names.ts";

/**
 * Permission presets (DESIGN.md §1), one per OAuth grant, chosen by the user
 * on the consent page. Pure: the session object asks these questions at its
 * two choke points (a clipboard scope, a request to the local agent).
 * - `sandboxed`: the session scope only; files may be read but not written; no OS clipboard.
 * - `trusted`: everything except writing to the user scope.
 * - `full`: everything. The authless local server is `full`.
 */
export const PRESETS = ["sandboxed", "trusted", "full"] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_SUMMARY: Record<Preset, string> = {
  sandboxed: "the session scope only, reading files but never writing them, and no OS clipboard",
  trusted: "every scope and tool, except writing to the user scope",
  full: "every scope and tool",
};

export const isPreset = (value: unknown): value is Preset =>
  typeof value === "string" && (PRESETS as readonly string[]).includes(value);

/** The scopes a preset can see at all (reads without a scope look only there). */
export function visibleScopes(preset: Preset): readonly Scope[] {
  return preset === "sandboxed" ? ["session"] : SCOPES;
}

/** Why `preset` may not read (or write) `scope`, or undefined when it may. */
export function scopeDenied(
  preset: Preset,
  scope: Scope,
  access: "read" | "write",
): ToolFailure | undefined {
  if (!visibleScopes(preset).includes(scope))
    return denied(preset, `the ${scope} scope`, "use the session scope (omit `scope`)");
  if (preset === "trusted" && scope === "user" && access === "write")
    return denied(preset, "writing to the user scope", "store it in the project or session scope");
  return undefined;
}

/** Agent requests that change something outside edgeclip: file writes and the OS clipboard. */
const AGENT_OP_NEEDS: Partial<Record<OpName, string>> = {
  apply: "writing files",
  os_read: "the OS clipboard",
  os_write: "the OS clipboard",
};

/** Why `preset` may not send `op` to the local agent, or undefined when it may. */
export const agentOpDenied = (preset: Preset, op: OpName) =>
  sandboxRefuses(preset, AGENT_OP_NEEDS[op]);

/** The refusal when a sandboxed caller needs `needs` (undefined: nothing a sandbox forbids). */
export function sandboxRefuses(preset: Preset, needs: string | undefined): ToolFailure | undefined {
  if (preset !== "sandboxed" || !needs) return undefined;
  return denied(preset, needs, "copy the content into the session clipboard instead");
}

function denied(preset: Preset, what: string, instead: string): ToolFailure {
  return {
    code: "PERMISSION_DENIED",
    message: `This connection's grant is \`${preset}\`, which allows ${PRESET_SUMMARY[preset]}; not ${what}. Nothing was changed. Instead, ${instead}; or ask the user to reconnect edgeclip with a wider permission on its consent page.`,
  };
}

/** Thrown at a choke point the preset forbids; the session object turns it into the result. */
export class PermissionDenied extends Error {
  readonly failure: ToolFailure;
  constructor(failure: ToolFailure) {
    super(failure.message);
    this.failure = failure;
  }
}
