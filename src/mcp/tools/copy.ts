import { z } from "zod";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import {
  asFile,
  fileArgs,
  fromOrText,
  isWhole,
  kindOf,
  namesOs,
  type Sources,
  sources,
  toRef,
} from "../locators.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  from: sources.optional(),
  text: z.string().optional(),
  ...p.transformFields,
  key: p.key.optional(),
  scope: p.targetScope,
  description: p.description.optional(),
  tags: p.tags.optional(),
  ttl_seconds: p.ttlSeconds.optional(),
  show: z.boolean().optional(),
  cut: z.boolean().optional(),
  expect: p.expect.unwrap().describe("").optional(),
  agent: p.agent,
});
type Args = z.output<typeof input>;

/**
 * Where copied content comes from, in the terms of the `copy` action: one
 * file (its hash recorded, for `expect`), the OS clipboard, references
 * (several, or with a transform), or text.
 */
export function contentSource(
  from: Sources | undefined,
  text: string | undefined,
  transform: unknown,
): Record<string, unknown> | ToolFailure {
  const neither = fromOrText(from, text, '"src/a.ts#Store.load", "@key" or "os:"');
  if (neither) return neither;
  if (from === undefined) return { text };
  if (Array.isArray(from)) return { multi_ref: from.map(toRef) };
  const r = toRef(from);
  if (transform === undefined && kindOf(r) === "file") return fileArgs(r);
  if (transform === undefined && kindOf(r) === "os" && isWhole(r)) return { from_os: true };
  return { ref: r };
}

/** A cut: one file's part, no transform or text, in the terms of the `cut` action. */
function cutArgs(args: Args): Record<string, unknown> | ToolFailure {
  const { from, text, show, cut: _, ...rest } = p.withoutTransform(args);
  if (text !== undefined || show !== undefined || p.transformOf(args) !== undefined)
    return invalid(
      "`cut: true` takes `from` and the entry's own parameters: no `text`, `show` or transform (cut first, then paste with one).",
    );
  if (from === undefined || Array.isArray(from))
    return invalid(
      '`cut: true` needs one `from` file locator, like "src/a.ts#Store.load" or "src/a.ts:14-18".',
    );
  const r = asFile(from, "from");
  if ("code" in r) return r;
  return { ...rest, ...fileArgs(r) };
}

const invalid = (message: string): ToolFailure => ({ code: "INVALID_ARGUMENT", message });

function routed(args: Args): Record<string, unknown> | ToolFailure {
  if (args.cut) return cutArgs(args);
  if (args.expect !== undefined)
    return invalid("`expect` (a file's hash from a receipt) goes with `cut: true`.");
  const transform = p.transformOf(args);
  const source = contentSource(args.from, args.text, transform);
  if ("code" in source) return source;
  const { from: _, ...rest } = p.withoutTransform(args);
  return { ...rest, ...(transform ? { transform } : {}), ...source, show: args.show ?? false };
}

export const copy = defineTool({
  name: "copy",
  title: "Copy to an entry",
  description:
    "Store content in an entry: `from` locators (several are joined) or `text`. Same `key` updates it. `cut: true` then removes it from its file.",
  annotations: destructive({ openWorld: true }),
  input,
  needs: (args) =>
    args.cut ? "writing files" : namesOs(args.from) ? "the OS clipboard" : undefined,
  precheck(args) {
    const r = routed(args);
    return "code" in r ? (r as ToolFailure) : dispatchProblem(args.cut ? "cut" : "copy", r);
  },
  async run(s, args) {
    const r = routed(args);
    if ("code" in r) return { ok: false, error: r as ToolFailure };
    return dispatch(s, args.cut ? "cut" : "copy", r);
  },
});
