import { z } from "zod";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { SCOPES } from "../../shared/core/names.ts";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool, strayParameters } from "../define-tool.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  action: z.enum(["export", "import"], { error: 'must be "export" or "import"' }),
  scope: z
    .enum([...SCOPES, "all"], { error: 'must be "session", "project", "user" or "all"' })
    .optional(),
  tags: p.tags.optional(),
  keys: z.array(p.key).optional(),
  data: z
    .union([z.string(), z.record(z.string(), z.unknown())], {
      error: "must be the export document, as JSON text or an object",
    })
    .optional(),
  path: p.path.optional(),
  conflict: z
    .enum(["skip", "overwrite", "rename"], { error: 'must be "skip", "overwrite" or "rename"' })
    .optional(),
  dry_run: z.boolean().optional(),
  page: p.page.unwrap().optional(),
  agent: p.agent,
});
type Args = z.output<typeof input>;

const TAKES = {
  export: ["scope", "tags", "keys", "path", "page", "agent"],
  import: ["scope", "data", "path", "conflict", "dry_run", "agent"],
} as const;

function routed(
  args: Args,
): { via: "export" | "import"; args: Record<string, unknown> } | ToolFailure {
  const stray = strayParameters(args, args.action, TAKES[args.action]);
  if (stray) return stray;
  const { action, ...rest } = args;
  if (action === "export")
    return { via: "export", args: { ...rest, scope: args.scope ?? "all", page: args.page ?? 1 } };
  if (args.scope === "all")
    return {
      code: "INVALID_ARGUMENT",
      message:
        '`scope` for an import is the one scope every entry goes to ("session", "project" or "user"); omit it to keep each entry\'s own.',
    };
  return {
    via: "import",
    args: { ...rest, conflict: args.conflict ?? "skip", dry_run: args.dry_run ?? true },
  };
}

export const transfer = defineTool({
  name: "transfer",
  title: "Export or import entries",
  description:
    "export entries as JSON (by `scope`, `tags`, `keys`; inline or to a file `path`), or import one (`data` or `path`; `conflict`: skip, overwrite, rename; a dry run unless `dry_run: false`).",
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
