import { z } from "zod";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { type ActionName, dispatch, dispatchProblem } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool, strayParameters } from "../define-tool.ts";
import * as p from "../schemas.ts";

const ACTIONS = [
  "edit",
  "delete",
  "clear",
  "swap",
  "tag",
  "untag",
  "tags",
  "define_tags",
  "drop_tags",
  "export",
  "import",
] as const;

const input = z.strictObject({
  session: p.session,
  action: z
    .enum(ACTIONS, { error: `must be one of ${ACTIONS.map((a) => `"${a}"`).join(", ")}` })
    .optional(),
  key: p.key.optional(),
  scope: p.scope.optional(),
  text: z.string().optional(),
  description: p.description.optional(),
  new_key: p.key.describe("").optional(),
  ttl_seconds: p.ttlSeconds.nullable().optional(),
  with: p.key.describe("").optional(),
  with_scope: p.scope.optional(),
  tags: p.tags.optional(),
  expired_only: z.boolean().optional(),
  keys: z.array(p.key).optional(),
  data: z
    .union([z.string(), z.record(z.string(), z.unknown())], {
      error: "must be the export document, as JSON text or an object",
    })
    .optional(),
  path: p.path.describe("").optional(),
  conflict: z
    .enum(["skip", "overwrite", "rename"], { error: 'must be "skip", "overwrite" or "rename"' })
    .optional(),
  dry_run: z.boolean().optional(),
  page: p.page.unwrap().optional(),
  agent: p.agent,
});
type Args = z.output<typeof input>;
type Action = (typeof ACTIONS)[number];

/** The parameters each action takes besides `session` and `action`. */
const TAKES: Record<Action, readonly (keyof Args)[]> = {
  edit: ["key", "scope", "text", "description", "new_key", "ttl_seconds"],
  delete: ["key", "scope"],
  clear: ["scope", "expired_only"],
  swap: ["key", "scope", "with", "with_scope"],
  tag: ["key", "scope", "tags"],
  untag: ["key", "scope", "tags"],
  tags: ["key", "scope"],
  define_tags: ["tags", "description", "scope"],
  drop_tags: ["tags", "scope"],
  export: ["scope", "tags", "keys", "path", "page", "agent"],
  import: ["scope", "data", "path", "conflict", "dry_run", "agent"],
};
const NEEDS_KEY: readonly Action[] = ["edit", "delete", "swap", "tag", "untag"];

function routed(args: Args): { via: ActionName; args: Record<string, unknown> } | ToolFailure {
  const action = args.action ?? "edit";
  const stray = strayParameters(args, action, TAKES[action]);
  if (stray) return stray;
  if (NEEDS_KEY.includes(action) && args.key === undefined)
    return invalid(`\`key\` is required for action "${action}": name the entry.`);
  const base = { session: args.session };
  const scope = args.scope ? { scope: args.scope } : {};
  switch (action) {
    case "export": {
      const { action: _, ...rest } = args;
      return { via: "export", args: { ...rest, scope: args.scope ?? "all", page: args.page ?? 1 } };
    }
    case "import": {
      const { action: _, ...rest } = args;
      return {
        via: "import",
        args: { ...rest, conflict: args.conflict ?? "skip", dry_run: args.dry_run ?? true },
      };
    }
    case "edit":
      return {
        via: "edit",
        args: {
          ...base,
          key: args.key,
          ...scope,
          ...(args.text !== undefined ? { content: args.text } : {}),
          ...(args.description !== undefined ? { description: args.description } : {}),
          ...(args.new_key !== undefined ? { new_key: args.new_key } : {}),
          ...(args.ttl_seconds !== undefined ? { ttl_seconds: args.ttl_seconds } : {}),
        },
      };
    case "delete":
      return { via: "delete", args: { ...base, key: args.key, ...scope } };
    case "clear":
      return {
        via: "clear",
        args: { ...base, scope: args.scope ?? "session", expired_only: args.expired_only ?? false },
      };
    case "swap":
      if (args.with === undefined)
        return invalid('`with` is required for action "swap": the key of the other entry.');
      return {
        via: "swap",
        args: {
          ...base,
          key_a: args.key,
          key_b: args.with,
          ...(args.scope ? { scope_a: args.scope } : {}),
          ...(args.with_scope ? { scope_b: args.with_scope } : {}),
        },
      };
    default: {
      const tagAction = {
        tag: "add",
        untag: "remove",
        tags: "list",
        define_tags: "create",
        drop_tags: "delete",
      }[action];
      return {
        via: "tags",
        args: {
          ...base,
          action: tagAction,
          ...(args.key !== undefined ? { key: args.key } : {}),
          ...(args.tags ? { tags: args.tags } : {}),
          ...(args.description !== undefined ? { description: args.description } : {}),
          ...scope,
        },
      };
    }
  }
}

const invalid = (message: string): ToolFailure => ({ code: "INVALID_ARGUMENT", message });

export const update = defineTool({
  name: "update",
  title: "Change, export or import entries",
  description:
    "edit entry `key` (the default: `text`, `description`, `new_key`, `ttl_seconds`, null removes); delete; clear a `scope` (`expired_only`); swap `with` another; tag, untag, list tags; define_tags, drop_tags (`description`); export JSON (`scope`, `tags`, `keys`; to a file `path`); import `data` or `path` (`conflict`; a dry run unless `dry_run: false`).",
  annotations: destructive({ openWorld: true }),
  input,
  needs: (args) => (args.action === "export" && args.path ? "writing files" : undefined),
  precheck(args) {
    const r = routed(args);
    return "code" in r ? r : dispatchProblem(r.via, r.args);
  },
  async run(s, args) {
    const r = routed(args);
    return "code" in r ? { ok: false, error: r } : dispatch(s, r.via, r.args);
  },
});
