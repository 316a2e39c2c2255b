import { z } from "zod";
import { PasteMode } from "../../shared/bridge/protocol.ts";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import {
  fromOrText,
  isFailure,
  isWhole,
  kindOf,
  namesOs,
  placement,
  sources,
  targets,
  toRef,
} from "../locators.ts";
import * as p from "../schemas.ts";
import { placedCalls } from "./placed.ts";

const input = z.strictObject({
  session: p.session,
  from: sources.optional(),
  text: z.string().optional(),
  ...p.transformFields,
  to: targets.optional(),
  after: targets.optional(),
  before: targets.optional(),
  mode: PasteMode.optional(),
  marker: z.string().min(1).optional(),
  dry_run: z.boolean().optional(),
  allow_syntax_errors: p.allowSyntaxErrors.unwrap().optional(),
  agent: p.agent,
});
type Args = z.output<typeof input>;

function routed(args: Args): Record<string, unknown> | ToolFailure {
  const neither = fromOrText(args.from, args.text, '"@key" or "src/a.ts#Store.load"');
  if (neither) return neither;
  const transform = p.transformOf(args);
  const to = placement(args);
  if (isFailure(to)) return to;
  const content = (() => {
    if (args.from === undefined) return { text: args.text };
    if (Array.isArray(args.from)) return { multi_ref: args.from.map(toRef) };
    const r = toRef(args.from);
    // A whole entry pastes by key: its receipt names it, and an expired one is refused as such.
    if (kindOf(r) === "clip" && isWhole(r))
      return { key: r.clip, ...(r.scope ? { scope: r.scope } : {}) };
    return { ref: r };
  })();
  return {
    session: args.session,
    ...content,
    ...(transform ? { transform } : {}),
    ...(to.os ? { to_os: true } : { targets: to.targets }),
    dry_run: args.dry_run ?? false,
    allow_syntax_errors: args.allow_syntax_errors ?? false,
    agent: args.agent,
  };
}

export const paste = defineTool({
  name: "paste",
  title: "Paste",
  description:
    'Paste `from` or `text` into `to`: files (all or none) or "os:". Units bring the imports they use. A file appends (created if missing); lines, #symbol or start/end are replaced, unless `mode` says otherwise. Fits indentation and spacing. Refused if it breaks syntax.',
  annotations: destructive({ openWorld: true }),
  input,
  needs: (args) =>
    namesOs(args.from) || namesOs((args.to ?? args.after ?? args.before) as never)
      ? "the OS clipboard"
      : "writing files",
  ...placedCalls("paste", routed),
});
