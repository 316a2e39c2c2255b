import { z } from "zod";
import { type Outcome, ok, type ToolFailure } from "../../shared/core/errors.ts";
import { showable } from "../../shared/core/quote.ts";
import { type ActionName, dispatch, dispatchProblem } from "../actions/index.ts";
import { readOnly } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import {
  fileArgs,
  isWhole,
  kindOf,
  listOf,
  namesOs,
  type Source,
  sources,
  toRef,
} from "../locators.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  from: sources,
  page: p.page.describe(""),
  include_expired: z.boolean().optional(),
  ttl_calls: p.ttlCalls.optional(),
  outline: z.boolean().optional(),
  agent: p.agent,
});
type Args = z.output<typeof input>;

/** Which action reads one source, with what. */
function plan(item: Source, args: Args): { via: ActionName; args: Record<string, unknown> } {
  const r = toRef(item);
  const base = { session: args.session };
  switch (kindOf(r)) {
    case "file":
      if (args.outline)
        return {
          via: "outlineFile",
          args: {
            ...base,
            path: r.path,
            lang: r.lang,
            agent: args.agent,
            // The file it outlines is named above its outline only among several.
            named: listOf(args.from).length > 1,
          },
        };
      return {
        via: "readFile",
        args: { ...base, ...fileArgs(r), ttl_calls: args.ttl_calls, agent: args.agent },
      };
    case "os":
      if (isWhole(r)) return { via: "getOs", args: { ...base, agent: args.agent } };
      break;
    case "clip":
      if (r.focus === undefined && r.start === undefined && r.end === undefined) {
        const range = fileArgs(r);
        return {
          via: "getEntry",
          args: {
            ...base,
            key: r.clip,
            ...(r.scope ? { scope: r.scope } : {}),
            ...(range.start_line !== undefined
              ? { start_line: range.start_line, end_line: range.end_line }
              : {}),
            page: args.page,
            include_expired: args.include_expired ?? false,
          },
        };
      }
      break;
    case "result":
      break;
  }
  return { via: "cite", args: { ...base, ref: r, page: args.page, agent: args.agent } };
}

/** `outline` takes whole files only, and nothing that shapes content. */
function outlineProblem(args: Args): ToolFailure | undefined {
  for (const [i, item] of listOf(args.from).entries()) {
    const r = toRef(item);
    if (kindOf(r) !== "file" || !isWhole(r))
      return {
        code: "INVALID_ARGUMENT",
        message: `\`outline\` shows a whole file's structure; \`${at(args, i)}\` is not a whole file. Give a file ("src/a.ts"), or drop \`outline\` to read this content.`,
      };
  }
  for (const name of ["ttl_calls", "include_expired"] as const)
    if (args[name] !== undefined)
      return {
        code: "INVALID_ARGUMENT",
        message: `\`${name}\` shapes content, and \`outline\` shows no content: drop one of them.`,
      };
  return undefined;
}

const at = (args: Args, i: number) => (Array.isArray(args.from) ? `from[${i}]` : "from");

export const read = defineTool({
  name: "read",
  title: "Read",
  description:
    "Read files, entries, results or the OS clipboard by locator, several at once, lines numbered, with a result id to cite them. A file read again answers `unchanged` or a diff. `outline`: a file's units and their lines, not content.",
  annotations: readOnly(true),
  input,
  needs: (args) => (namesOs(args.from) ? "the OS clipboard" : undefined),
  precheck(args): ToolFailure | undefined {
    if (args.ttl_calls !== undefined && !listOf(args.from).some((s) => kindOf(toRef(s)) === "file"))
      return {
        code: "INVALID_ARGUMENT",
        message:
          "`ttl_calls` is how long the session keeps a file read's copy; no source here is a file: drop it.",
      };
    if (args.outline) {
      const problem = outlineProblem(args);
      if (problem) return problem;
    }
    for (const [i, item] of listOf(args.from).entries()) {
      const { via, args: routed } = plan(item, args);
      const problem = dispatchProblem(via, routed, at(args, i));
      if (problem) return problem;
    }
    return undefined;
  },
  /**
   * Each source is read on its own: with several, one that fails is said in
   * its place and the others are still read (only a single source's failure,
   * or every source's, is the call's).
   */
  async run(s, args): Promise<Outcome<{ shown: string[] }>> {
    const reads: object[] = [];
    const shown: string[] = [];
    const all = listOf(args.from);
    let failures = 0;
    for (const [i, item] of all.entries()) {
      const { via, args: routed } = plan(item, args);
      const done = await dispatch(s, via, routed, at(args, i));
      if (!done.ok) {
        if (all.length === 1 || ++failures === all.length) return done;
        reads.push({ error: done.error });
        shown.push(`${at(args, i)}: ${done.error.code}: ${showable(done.error.message)}`);
        continue;
      }
      const { shown: text, ...value } = done.value;
      reads.push(value);
      shown.push(...text);
    }
    // One source: its result as it is; several: each in `reads`, in order.
    if (all.length === 1) return ok({ ...(reads[0] as object), shown });
    // The session's tokens-saved figures count a result's own `tokens_kept_out`.
    const kept = reads.reduce<number>(
      (sum, r) => sum + Number((r as { tokens_kept_out?: number }).tokens_kept_out ?? 0),
      0,
    );
    return ok({ reads, tokens_kept_out: kept, shown });
  },
});
