import { z } from "zod";
import { fail, ok } from "../../shared/core/errors.ts";
import { LIMITS } from "../../shared/core/limits.ts";
import { defineAction } from "../define-tool.ts";
import * as p from "../schemas.ts";

export const todo = defineAction({
  input: z.strictObject({
    session: p.session,
    action: z.enum(["add", "done", "list", "clear"], {
      error: 'must be "add", "done", "list" or "clear"',
    }),
    text: p.todoText.optional(),
    id: p.todoId.optional(),
    done_only: z.boolean().default(false),
  }),
  output: z.object({
    todos: z.array(z.object({ id: z.number(), text: z.string(), done: z.boolean() })),
    cleared: z.number().optional(),
  }),
  async run(s, args) {
    let cleared: number | undefined;
    switch (args.action) {
      case "add":
        if (args.text === undefined)
          return fail(
            "INVALID_ARGUMENT",
            '`text` is required for action "add": say what is to be done.',
          );
        if (s.log.todos().length >= LIMITS.todoItems)
          return fail(
            "INVALID_ARGUMENT",
            `The list holds ${LIMITS.todoItems} items; clear done ones first.`,
          );
        s.log.addTodo(args.text);
        break;
      case "done":
        if (args.id === undefined)
          return fail(
            "INVALID_ARGUMENT",
            '`id` is required for action "done": give the item\'s id from the list.',
          );
        if (!s.log.doneTodo(args.id))
          return fail(
            "INVALID_ARGUMENT",
            `\`id\` ${args.id} is not on the list; see action "list".`,
          );
        break;
      case "clear":
        cleared = s.log.clearTodos(args.done_only);
        break;
      case "list":
        break;
    }
    const todos = s.log.todos().map((t) => ({ id: t.id, text: t.text, done: t.done_at !== null }));
    return ok(cleared === undefined ? { todos } : { todos, cleared });
  },
  text: (r) => [
    r.todos.length
      ? r.todos.map((t) => `${t.done ? "[x]" : "[ ]"} ${t.id}. ${t.text}`).join("\n")
      : "The todo list is empty.",
  ],
});
