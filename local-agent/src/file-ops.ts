/**
 * File operations on disk, as handlers.ts runs them: `read`, `outline`,
 * `select` and `apply`. The one entry their importers use; each concern lives
 * in file-ops/ under a name that says what it holds.
 */
export { type Applied, applyOp } from "./file-ops/apply.ts";
export { importerNeedles } from "./file-ops/find-importers.ts";
export { outlineOp, readOp, selectOp } from "./file-ops/reads.ts";
export type { Workspace } from "./file-ops/workspace.ts";
