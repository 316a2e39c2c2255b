import { renderOperation } from "../session/render.ts";
import type { Operations } from "../session/tool-context.ts";
import { SESSION_TOOLS } from "./tools/index.ts";

type ToolRuns = {
  [N in keyof typeof SESSION_TOOLS]: NonNullable<(typeof SESSION_TOOLS)[N]["run"]>;
};

/**
 * Everything a session Durable Object can run for a caller, by name: each
 * tool's `run` (from the one registry, `mcp/tools/index.ts`), plus the
 * clipboard rendering behind the resource.
 */
export const OPERATIONS = {
  ...(Object.fromEntries(
    Object.entries(SESSION_TOOLS).map(([name, tool]) => [name, tool.run]),
  ) as ToolRuns),
  render: renderOperation,
};

/**
 * Whether an operation only reads (its tool is `readOnlyHint`: read, list):
 * it runs beside the session's other calls instead of after them,
 * so a 1-line `read` never waits behind a slow structural read or a long
 * move (issue 27 §6). What it stores (its result) is written in one
 * synchronous step, and the agent's locks order its files.
 */
export function readsOnly(name: string): boolean {
  const tool = (SESSION_TOOLS as Record<string, { annotations: { readOnlyHint?: boolean } }>)[name];
  return tool?.annotations.readOnlyHint === true;
}

/** What `ClipboardSession` runs (src/index.ts): the operations, and which only read. */
export const SESSION_OPERATIONS: Operations = {
  table: OPERATIONS as unknown as Operations["table"],
  readsOnly,
};

type Table = typeof OPERATIONS;
export type OperationName = keyof Table;
export type OperationInput<N extends OperationName> = Parameters<Table[N]>[1];
export type OperationResult<N extends OperationName> = Awaited<ReturnType<Table[N]>>;
