import { z } from "zod";
import { PasteMode } from "../../shared/bridge/protocol.ts";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { asFile, fileSource, isFailure, placement, target } from "../locators.ts";
import * as p from "../schemas.ts";
import { placedCalls } from "./placed.ts";

const { join: _, ...withoutJoin } = p.transformFields;

const input = z.strictObject({
  session: p.session,
  from: fileSource,
  to: target.optional(),
  after: target.optional(),
  before: target.optional(),
  mode: PasteMode.optional(),
  marker: z.string().min(1).optional(),
  // One piece moves: nothing to join.
  ...withoutJoin,
  dry_run: z.boolean().optional(),
  allow_syntax_errors: p.allowSyntaxErrors.unwrap().optional(),
  keep: z.boolean().optional(),
  agent: p.agent,
});

function routed(args: z.output<typeof input>): Record<string, unknown> | ToolFailure {
  const from = asFile(args.from, "from");
  if ("code" in from) return from;
  const to = placement(args);
  if (isFailure(to)) return to;
  if (to.os)
    return {
      code: "INVALID_ARGUMENT",
      message:
        '`to` "os:" is not a file: move within files; to put content on the OS clipboard, paste it there.',
    };
  const { source: _, clip: __, result: ___, scope: ____, ...fromFile } = from;
  const transform = p.transformOf(args);
  return {
    session: args.session,
    from: fromFile,
    to: to.targets[0],
    ...(transform ? { transform } : {}),
    allow_syntax_errors: args.allow_syntax_errors ?? false,
    keep: args.keep ?? false,
    dry_run: args.dry_run ?? false,
    agent: args.agent,
  };
}

export const move = defineTool({
  name: "move",
  title: "Move",
  description:
    "Move `from` a file `to` a place (same file allowed), one undo. A unit's imports follow it, its old file drops the ones it no longer uses, helpers only it used go too, files importing it are rewritten; the rest is named after `not followed:`. Then its language's checker runs (not tests): new errors refuse it (MOVE_BREAKS_BUILD) unless `keep`.",
  annotations: destructive({ openWorld: true }),
  input,
  needs: () => "writing files",
  ...placedCalls("move", routed),
});
