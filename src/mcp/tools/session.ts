import { z } from "zod";
import { type Outcome, ok, type ToolFailure } from "../../shared/core/errors.ts";
import { agentsText, listAgents } from "../actions/agents.ts";
import { dispatch, type Shown } from "../actions/index.ts";
import { endedText, endSession } from "../actions/session-end.ts";
import { listSessions, sessionsText } from "../actions/session-list.ts";
import { startedText, startSession } from "../actions/session-start.ts";
import { destructive } from "../annotations.ts";
import { defineTool, strayParameters } from "../define-tool.ts";
import * as p from "../schemas.ts";

const ACTIONS = [
  "start",
  "list",
  "end",
  "history",
  "todo",
  "todo_add",
  "todo_done",
  "todo_clear",
  "agents",
] as const;
type Action = (typeof ACTIONS)[number];

const input = z.strictObject({
  session: p.session,
  action: z.enum(ACTIONS, { error: `must be one of ${ACTIONS.map((a) => `"${a}"`).join(", ")}` }),
  project: p.project.optional(),
  description: p.description.optional(),
  text: p.todoText.optional(),
  id: p.todoId.optional(),
  done_only: z.boolean().optional(),
  op: z.string().min(1).optional(),
  limit: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .optional(),
});
type Args = z.output<typeof input>;

const TAKES: Record<Action, readonly (keyof Args)[]> = {
  start: ["project", "description"],
  list: [],
  end: ["session"],
  history: ["session", "op", "limit"],
  todo: ["session"],
  todo_add: ["session", "text"],
  todo_done: ["session", "id"],
  todo_clear: ["session", "done_only"],
  agents: [],
};

function problem(args: Args): ToolFailure | undefined {
  // `session` is a parameter of the actions that run in one, not of start and list.
  const stray = strayParameters(args, args.action, TAKES[args.action], ["action"]);
  if (stray) return stray;
  if (args.action === "end" && args.session === undefined)
    return {
      code: "INVALID_ARGUMENT",
      message: '`session` is required for action "end": the handle of the session to end.',
    };
  if (args.action === "todo_add" && args.text === undefined)
    return {
      code: "INVALID_ARGUMENT",
      message: '`text` is required for action "todo_add": say what is to be done.',
    };
  if (args.action === "todo_done" && args.id === undefined)
    return {
      code: "INVALID_ARGUMENT",
      message: '`id` is required for action "todo_done": the item\'s id from the list.',
    };
  return undefined;
}

/** A result made in the Worker, with its text. */
const shownAs = async <V extends object>(
  got: Promise<Outcome<V>>,
  text: (v: V) => string,
): Promise<Outcome<Shown>> => {
  const done = await got;
  return done.ok ? ok({ ...done.value, shown: [text(done.value)] }) : done;
};

export const session = defineTool({
  name: "session",
  title: "Sessions, history, todo, agents",
  description:
    "start a session (a handle for `session`; ends after 24 h idle), list, end; history (`op`, `limit`); todo list (todo, todo_add `text`, todo_done `id`, todo_clear); agents: your local agents.",
  annotations: destructive(),
  input,
  precheck: problem,
  worker(caller, args) {
    if (args.action === "start") return shownAs(startSession(caller, args), startedText);
    if (args.action === "list") return shownAs(listSessions(caller), sessionsText);
    if (args.action === "end") return shownAs(endSession(caller, args.session ?? ""), endedText);
    if (args.action === "agents") return shownAs(listAgents(caller), agentsText);
    return undefined;
  },
  async run(s, args): Promise<Outcome<Shown>> {
    const refused = problem(args);
    if (refused) return { ok: false, error: refused };
    if (args.action === "history")
      return dispatch(s, "history", {
        session: args.session,
        limit: args.limit ?? 20,
        ...(args.op ? { op: args.op } : {}),
      });
    const todo = { todo: "list", todo_add: "add", todo_done: "done", todo_clear: "clear" } as const;
    if (!(args.action in todo))
      return {
        ok: false,
        error: {
          code: "INVALID_ARGUMENT",
          message: `action "${args.action}" is not run in a session.`,
        },
      };
    return dispatch(s, "todo", {
      session: args.session,
      action: todo[args.action as keyof typeof todo],
      ...(args.text !== undefined ? { text: args.text } : {}),
      ...(args.id !== undefined ? { id: args.id } : {}),
      done_only: args.done_only ?? false,
    });
  },
});
