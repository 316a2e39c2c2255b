import { z } from "zod";
import { ok } from "../../shared/core/errors.ts";
import { defineAction } from "../define-tool.ts";
import { notFound, textTooLarge } from "../failures.ts";
import { describeReceipt, receiptFor } from "../receipts.ts";
import { expandOptional } from "../references.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  key: p.key,
  scope: p.lookupScope,
  content: z
    .string()
    .optional()
    .describe("New content, replacing the old; {{ref:…}} markers resolve."),
  description: p.description.optional().describe("New description."),
  new_key: p.key.optional().describe("Rename the entry."),
  ttl_seconds: p.ttlSeconds
    .nullable()
    .optional()
    .describe("New TTL counted from now; null removes it. Renews an expired entry."),
});

export const editAction = defineAction({
  input,
  output: p.receipt,
  precheck(args) {
    if (
      [args.content, args.description, args.new_key, args.ttl_seconds].every((v) => v === undefined)
    ) {
      return {
        code: "INVALID_ARGUMENT",
        message: "Nothing to change: give `text`, `description`, `new_key` or `ttl_seconds`.",
      };
    }
    return args.content === undefined ? undefined : textTooLarge("text", args.content);
  },
  async run(s, args) {
    const scope = await s.locate(args.key, args.scope);
    if (!scope) return notFound(args.key, args.scope);
    const content = await expandOptional(s, args.content, "content", undefined);
    if (!content.ok) return content;
    const tooLarge =
      content.value === undefined ? undefined : textTooLarge("content", content.value);
    if (tooLarge) return { ok: false, error: tooLarge };
    const updated = await s.inScope(scope, "update", {
      key: args.key,
      content: content.value,
      description: args.description,
      newKey: args.new_key,
      ttlSeconds: args.ttl_seconds,
    });
    if (!updated.ok) return updated;
    const receipt = receiptFor(updated.value);
    s.log.record("update", receipt.key, scope, `updated ${describeReceipt(receipt)}`);
    return ok(receipt);
  },
  text: (r) => [`Updated ${describeReceipt(r)}`],
});
