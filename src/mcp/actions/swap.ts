import { z } from "zod";
import { expiredFailure } from "../../session/clipboard.ts";
import { fail, ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import { notFound } from "../failures.ts";
import { describeReceipt, receiptFor } from "../receipts.ts";
import * as p from "../schemas.ts";

export const swapAction = defineAction({
  input: z.strictObject({
    session: p.session,
    key_a: p.key,
    key_b: p.key,
    scope_a: p.lookupScope,
    scope_b: p.lookupScope,
  }),
  output: z.object({ a: p.receipt, b: p.receipt }),
  async run(s, args) {
    const scopeA = await s.locate(args.key_a, args.scope_a);
    if (!scopeA) return notFound(args.key_a, args.scope_a);
    const scopeB = await s.locate(args.key_b, args.scope_b);
    if (!scopeB) return notFound(args.key_b, args.scope_b);
    if (scopeA === scopeB && args.key_a === args.key_b) {
      return fail(
        "INVALID_ARGUMENT",
        "`key` and `with` name the same entry; give two different entries.",
      );
    }
    const [a, b] = [
      await s.inScope(scopeA, "raw", args.key_a),
      await s.inScope(scopeB, "raw", args.key_b),
    ];
    if (!a) return notFound(args.key_a, scopeA);
    if (!b) return notFound(args.key_b, scopeB);
    for (const [key, scope, raw] of [
      [args.key_a, scopeA, a],
      [args.key_b, scopeB, b],
    ] as const) {
      const view = raw.expired ? await s.inScope(scope, "get", key) : undefined;
      if (view) return expiredFailure(view);
    }
    const denied = s.writeDenied(scopeA) ?? s.writeDenied(scopeB);
    if (denied) return { ok: false, error: denied };
    const newA = await s.inScope(scopeA, "replaceContent", args.key_a, b.content, b.source);
    const newB = await s.inScope(scopeB, "replaceContent", args.key_b, a.content, a.source);
    if (!newA || !newB)
      return fail(
        "ENTRY_NOT_FOUND",
        "An entry disappeared during the swap; list the clipboard and try again.",
      );
    s.log.record(
      "swap",
      args.key_a,
      scopeA,
      `swapped \`${args.key_a}\` (${scopeA}) and \`${args.key_b}\` (${scopeB})`,
    );
    return ok({ a: receiptFor(newA), b: receiptFor(newB) });
  },
  text: (r) => [`Swapped. Now ${describeReceipt(r.a)}; ${describeReceipt(r.b)}`],
});
