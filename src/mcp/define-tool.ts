import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { sandboxRefuses } from "../auth/presets.ts";
import { shownPath, tooDeep } from "../core/json-depth.ts";
import type { SessionContext } from "../session/tool-context.ts";
import { fail, type Outcome, ok, type ToolFailure } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { showable } from "../shared/core/quote.ts";
import { sessionAddress } from "../stubs.ts";
import type { Hints } from "./annotations.ts";
import { type Caller, runOperation } from "./caller.ts";
import { inert } from "./inert.ts";
import { lean } from "./lean-schema.ts";
import type { OperationName } from "./operations.ts";

type Input = z.ZodObject<{ session: z.ZodOptional<z.ZodString> }>;

/**
 * One thing a tool can do, in the session Durable Object: its own arguments
 * (a zod schema, for defaults and types), checks the Worker can make
 * beforehand, the run, and the text the model reads. Tools route their
 * calls to actions (`read` of an entry is `getEntry`); actions are not
 * in tools/list.
 */
export interface Action<I extends z.ZodObject, O extends z.ZodObject> {
  input: I;
  output: O;
  precheck?: (args: z.output<I>) => ToolFailure | undefined;
  run: (session: SessionContext, args: z.output<I>) => Promise<Outcome<z.output<O>>>;
  text: (value: z.output<O>, args: z.output<I>) => string[];
}

export function defineAction<I extends z.ZodObject, O extends z.ZodObject>(
  action: Action<I, O>,
): Action<I, O> {
  return action;
}

/** An action with arguments in its own terms, checked, defaults filled. */
export interface Routed {
  // biome-ignore lint/suspicious/noExplicitAny: one route holds any action; its args were checked by its own schema
  action: Action<any, any>;
  args: Record<string, unknown>;
}

/**
 * Checks `args` (a tool's arguments said in `action`'s terms) with the
 * action's schema and precheck. A schema failure here means the tool mapped
 * its arguments wrongly, so it names the tool's parameter `param`.
 */
export function route<I extends z.ZodObject, O extends z.ZodObject>(
  action: Action<I, O>,
  args: z.input<I>,
  param = "arguments",
): Outcome<Routed> {
  const parsed = action.input.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      "INVALID_ARGUMENT",
      `\`${param}\`: ${issue?.path.length ? `${issue.path.join(".")}: ` : ""}${issue?.message ?? "is not valid"}.`,
    );
  }
  const refused = action.precheck?.(parsed.data);
  return refused ? { ok: false, error: refused } : ok({ action, args: parsed.data });
}

/**
 * The refusal of parameters a tool's `action` does not take (`action "delete"
 * does not take \`text\`; it takes \`key\`, \`scope\`.`), or undefined.
 * `always` are taken by every action.
 */
export function strayParameters(
  args: Record<string, unknown>,
  action: string,
  takes: readonly string[],
  always: readonly string[] = ["session", "action"],
): ToolFailure | undefined {
  const stray = Object.keys(args).filter(
    (f) => args[f] !== undefined && !always.includes(f) && !takes.includes(f),
  );
  if (!stray.length) return undefined;
  const quote = (fields: readonly string[], joint: string) =>
    fields.map((f) => `\`${f}\``).join(joint);
  return {
    code: "INVALID_ARGUMENT",
    message: `action "${action}" does not take ${quote(stray, " or ")}; ${takes.length ? `it takes ${quote(takes, ", ")}` : "it takes no other parameter"}.`,
  };
}

/**
 * A tool as tools/list shows it. It runs in the caller's session Durable
 * Object (`run`, where calls on one session are serialised), in the Worker
 * (`worker`, for what is not in one session: minting a session, the
 * agents), or both (`worker` answers undefined to leave a call to `run`).
 */
export interface SessionTool<I extends Input, V extends object> {
  /** Tool name, and the name of its operation in `OPERATIONS`. */
  name: string;
  title: string;
  description: string;
  annotations: Hints;
  input: I;
  /** What a sandboxed caller could never complete with these arguments (refused before anything is read). */
  needs?: (args: z.output<I>) => string | undefined;
  /** Checks the Worker can make without the session, e.g. content size. */
  precheck?: (args: z.output<I>) => ToolFailure | undefined;
  run?: (session: SessionContext, args: z.output<I>) => Promise<Outcome<V>>;
  worker?: (caller: Caller, args: z.output<I>) => Promise<Outcome<V>> | undefined;
  /**
   * What the model reads: one text block per string. A value that carries
   * its own (`shown`, made where it ran) needs none.
   */
  text?: (value: V, args: z.output<I>) => string[];
}

export function defineTool<I extends Input, V extends object>(
  tool: SessionTool<I, V>,
): SessionTool<I, V> {
  return tool;
}

/**
 * A tool's tools/list entry: title, description, hints and its input schema
 * made lean. No `outputSchema`: results are receipts the text says in full,
 * or content shown as text, and every schema costs tokens in every
 * conversation; `structuredContent` is returned all the same.
 */
export function toolConfig<I extends z.ZodType>(tool: {
  title: string;
  description: string;
  annotations: Hints;
  input: I;
}) {
  return {
    title: tool.title,
    description: tool.description,
    annotations: tool.annotations,
    inputSchema: lean(tool.input),
  };
}

export function registerSessionTool<I extends Input, V extends object>(
  server: McpServer,
  caller: Caller,
  tool: SessionTool<I, V>,
): void {
  server.registerTool(
    tool.name,
    toolConfig(tool),
    guarded(tool.name, async (args: z.output<I>): Promise<CallToolResult> => {
      const refused =
        sandboxRefuses(caller.preset, tool.needs?.(args)) ??
        nestedTooDeep(args) ??
        tool.precheck?.(args);
      if (refused) return failure(refused);
      const outcome =
        (await tool.worker?.(caller, args)) ??
        ((await runOperation(
          caller,
          sessionAddress(caller, args.session),
          tool.name as OperationName,
          args as never,
        )) as Outcome<V>);
      if (!outcome.ok) return failure(outcome.error);
      const { shown, ...structured } = outcome.value as V & { shown?: string[] };
      return success(structured, shown ?? tool.text?.(outcome.value, args) ?? []);
    }) as never,
  );
}

/**
 * INVALID_ARGUMENT for an argument nested deeper than `LIMITS.jsonDepth`, so
 * it never reaches RPC serialisation, which recurses (`core/json-depth.ts`).
 * Only open-ended parameters (update's `data`) can be deep: the
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
        message: `edgeclip failed while running ${name}. Check the result with list or session history before retrying.`,
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
  // A message names files and symbols, never content: what it names from outside is shown escaped.
  return {
    isError: true,
    content: [{ type: "text", text: `${error.code}: ${showable(error.message)}` }],
  };
}
