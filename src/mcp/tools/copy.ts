import { z } from "zod";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import {
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

function routed(args: Args): Record<string, unknown> | ToolFailure {
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
    "Store content in an entry: `from` locators (several are joined) or `text`. Same `key` updates it.",
  annotations: destructive({ openWorld: true }),
  input,
  needs: (args) => (namesOs(args.from) ? "the OS clipboard" : undefined),
  precheck(args) {
    const r = routed(args);
    return "code" in r ? (r as ToolFailure) : dispatchProblem("copy", r);
  },
  async run(s, args) {
    const r = routed(args);
    if ("code" in r) return { ok: false, error: r as ToolFailure };
    return dispatch(s, "copy", r);
  },
});
