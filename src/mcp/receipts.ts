import type { z } from "zod";
import type { EntryView } from "../session/clipboard.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { estimateTokens, plural } from "../shared/core/text.ts";
import type { receipt } from "./schemas.ts";

export type Receipt = z.infer<typeof receipt>;

/** What the model is told about an entry it stored or changed, instead of the content. */
export function receiptFor(entry: EntryView, shownBytes = 0): Receipt {
  const receipt: Receipt = {
    key: entry.key,
    scope: entry.scope,
    lines: entry.lines,
    bytes: entry.bytes,
    tokens_kept_out: estimateTokens(entry.bytes - shownBytes),
    expires_at: entry.expires_at,
    description: entry.description,
    tags: entry.tags,
  };
  if (entry.bytes > LIMITS.entryWarnBytes) {
    receipt.warning = `\`${entry.key}\` is ${formatBytes(entry.bytes)}; entries over ${formatBytes(LIMITS.entryWarnBytes)} are slow to page through. Consider splitting it.`;
  }
  return receipt;
}

/** "1 line, 12 B, ~3 tokens kept out" */
export function describeReceipt(r: Receipt): string {
  const parts = [plural(r.lines, "line"), formatBytes(r.bytes)];
  if (r.tokens_kept_out > 0)
    parts.push(`~${r.tokens_kept_out.toLocaleString("en-US")} tokens kept out of context`);
  if (r.expires_at) parts.push(`expires ${r.expires_at}`);
  return `\`${r.key}\` (${r.scope}): ${parts.join(", ")}${r.warning ? `. Warning: ${r.warning}` : ""}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
