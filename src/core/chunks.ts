import { LIMITS } from "../shared/core/limits.ts";

/**
 * UTF-16 code units per chunk. A code unit never takes more than 3 bytes in
 * UTF-8 (a surrogate pair takes 4 for 2 units), so a chunk of this many units is
 * at most `LIMITS.chunkBytes` bytes without encoding anything to find out.
 */
export const CHUNK_UNITS = Math.floor(LIMITS.chunkBytes / 3);

/**
 * Splits `text` into chunks of at most `maxUnits` code units (≤ 1 MiB of UTF-8
 * each by default) without splitting a surrogate pair. Joining them gives back
 * `text` exactly. "" gives one empty chunk, so every entry has a chunk 0.
 */
export function splitIntoChunks(text: string, maxUnits: number = CHUNK_UNITS): string[] {
  if (maxUnits < 2) throw new RangeError("maxUnits must be at least 2");
  if (text.length <= maxUnits) return [text];
  const chunks: string[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(from + maxUnits, text.length);
    const last = text.charCodeAt(to - 1);
    // A high surrogate at the cut belongs with the low one after it.
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to--;
    chunks.push(text.slice(from, to));
    from = to;
  }
  return chunks;
}
