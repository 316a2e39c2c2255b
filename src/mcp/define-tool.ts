import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { toolDenied } from "../auth/presets.ts";
import type { Outcome, ToolFailure } from "../core/errors.ts";
import { shownPath, tooDeep } from "../core/json-depth.ts";
import { LIMITS } from "../core/limits.ts";
import type { SessionContext } from "../session/clipboard-session.ts";
import type { OperationName } from "../session/operations.ts";
import type { Hints } from "./annotations.ts";
import { type Caller, runOperation, sessionAddress } from "./caller.ts";
import { inert } from "./inert.ts";
import { lean } from "./lean-schema.ts";

type Input = z.ZodObject<{ session: z.ZodOptional<z.ZodString> }>;

/**
 * A tool that runs inside the caller's session Durable Object. The Worker side
 * only validates (zod, then `precheck`) and forwards; `run` executes in the
 * object, where calls on one session are serialised.
 */
export interface SessionTool<I extends Input, O extends z.ZodObject> {
  /** Tool name, and the name of its operation in `OPERATIONS`. */
  name: string;
  title: string;
  description: string;
  annotations: Hints;
  input: I;
  output: O;
  /**
   * The result is a receipt, not data: its text says all the model needs, so
   * tools/list carries no outputSchema for it (every schema costs tokens in
   * every conversation). `structuredContent` is returned all the same.
   */
  receipt?: true;
  /** Checks the Worker can make without the session, e.g. content size. */
  precheck?: (args: z.output<I>) => ToolFailure | undefined;
  run: (session: SessionContext, args: z.output<I>) => Promise<Outcome<z.output<O>>>;
  /** What the model reads: one text block per string. */
  text: (value: z.output<O>, args: z.output<I>) => string[];
}

export function defineTool<I extends Input, O extends z.ZodObject>(
  tool: SessionTool<I, O>,
): SessionTool<I, O> {
  return tool;
}

/** A tool's tools/list entry: title, description, hints, and its schemas made lean. */
export function toolConfig<I extends z.ZodType, O extends z.ZodType>(tool: {
  title: string;
  description: string;
  annotations: Hints;
  input: I;
  output?: O;
  receipt?: true;
}) {
  return {
    title: tool.title,
    description: tool.description,
    annotations: tool.annotations,
    inputSchema: lean(tool.input),
    ...(tool.output && !tool.receipt ? { outputSchema: lean(tool.output) } : {}),
  };
}

export function registerSessionTool<I extends Input, O extends z.ZodObject>(
  server: McpServer,
  caller: Caller,
  tool: SessionTool<I, O>,
): void {
  server.registerTool(
    tool.name,
    toolConfig(tool),
    guarded(tool.name, async (args: z.output<I>): Promise<CallToolResult> => {
      const refused =
        toolDenied(caller.preset, tool.name) ?? nestedTooDeep(args) ?? tool.precheck?.(args);
      if (refused) return failure(refused);
      const address = sessionAddress(caller, args.session);
      const outcome = (await runOperation(
        caller,
        address,
        tool.name as OperationName,
        args as never,
      )) as Outcome<z.output<O>>;
      return outcome.ok
        ? success(outcome.value, tool.text(outcome.value, args))
        : failure(outcome.error);
    }) as never,
  );
}

/**
 * INVALID_ARGUMENT for an argument nested deeper than `LIMITS.jsonDepth`, so
 * it never reaches RPC serialisation, which recurses (`core/json-depth.ts`).
 * Only open-ended parameters (clipboard_import's `data`) can be deep: the
 * schemas refuse anything else before this.
 */
function nestedTooDeep(args: object): ToolFailure | undefined {
  for (const [name, value] of Object.entries(args)) {
    const at = tooDeep(value, LIMITS.jsonDepth, name);
    if (at !== undefined)
      return {
        code: "INVALID_ARGUMENT",
        message: `\`${name}\` nests objects and arrays more than ${LIMITS.jsonDepth} levels deep (at \`${shownPath(at)}\`); flatten it.`,
      };
  }
  return undefined;
}

/**
 * Runs a tool handler, turning an unexpected exception (a bug, or a platform
 * failure such as a Durable Object reset) into a generic `INTERNAL_ERROR` result:
 * the details go to the log, never to the client.
 */
export function guarded<A extends unknown[]>(
  name: string,
  handler: (...args: A) => Promise<CallToolResult>,
): (...args: A) => Promise<CallToolResult> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      console.error(`edgeclip: tool ${name} failed`, error);
      return failure({
        code: "INTERNAL_ERROR",
        message: `edgeclip failed while running ${name}. Check the result with clipboard_list or history before retrying.`,
      });
    }
  };
}

/**
 * A tool's result: its text blocks and `structuredContent`, both shown inert
 * (every `{{ref:` escaped) since a client may show the model either. The
 * session keeps the original bytes (result ids cite those); only what is
 * shown is escaped.
 */
export function success(value: object, text: string[]): CallToolResult {
  return {
    content: text.map((t) => ({ type: "text" as const, text: inert(t) })),
    structuredContent: inert(value) as Record<string, unknown>,
  };
}

/** A failure the model can act on: `isError` with the code and a message naming the fix. */
export function failure(error: ToolFailure): CallToolResult {
  return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}` }] };
}
