import { revertTool } from "./undo.ts";

/** `redo`: re-applies what `undo` reverted (same parameters as undo). */
export const redo = revertTool(true);
