import { SESSION_TOOLS } from "../mcp/tools/index.ts";
import { renderOperation } from "./render.ts";

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

type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = Parameters<Operations[N]>[1];
export type OperationResult<N extends OperationName> = Awaited<ReturnType<Operations[N]>>;
