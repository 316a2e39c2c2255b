/**
 * Tool hints. Claude's connector review wants every tool to set
 * `readOnlyHint: true` or `destructiveHint: true` (DESIGN.md §2), so a tool
 * takes one of these two shapes and cannot leave both unset. A tool that
 * writes is destructive when it can overwrite or remove something: every
 * writing tool here can (an entry under the same key, a file, the OS clipboard).
 */
export type Hints =
  | { readOnlyHint: true; openWorldHint: boolean }
  | { destructiveHint: true; idempotentHint?: true; openWorldHint: boolean };

/** Reads only. `openWorld`: it reaches outside edgeclip (the user's machine, through the agent). */
export function readOnly(openWorld = false): Hints {
  return { readOnlyHint: true, openWorldHint: openWorld };
}

/**
 * Changes stored entries, files or the OS clipboard. (`readOnlyHint` and
 * `idempotentHint` default to false in the spec: only set when true.)
 */
export function destructive(options: { idempotent?: boolean; openWorld?: boolean } = {}): Hints {
  return {
    destructiveHint: true,
    ...(options.idempotent ? { idempotentHint: true as const } : {}),
    openWorldHint: options.openWorld ?? false,
  };
}
