/**
 * Exact substring search that stays linear for long needles. V8's
 * `String.prototype.indexOf` is fast on ordinary text (Boyer–Moore–Horspool
 * skips ahead), but its shift tables cover only a needle's last 250
 * characters: `("a".repeat(500) + "b" + "a".repeat(499))` in 10 MiB of `a`s
 * took 4 s, a 4,000-character anchor with a typo in the middle 10–17 s.
 *
 * So needles up to HEAD characters go to `indexOf` as they are (measured at
 * most ~0.2 s for 10 MiB in the worst case); longer ones look for their first
 * HEAD characters with `indexOf` and confirm with Knuth–Morris–Pratt from
 * there, going back to `indexOf` whenever no partial match is pending. Every
 * character is read by KMP at most once, and `indexOf` only skips what KMP
 * does not read: linear whatever the text.
 */
const HEAD = 256;

export class ExactSearch {
  readonly needle: string;
  private readonly head: string;
  private tables: { codes: Uint16Array; fail: Int32Array } | undefined;

  constructor(needle: string) {
    this.needle = needle;
    this.head = needle.slice(0, HEAD);
  }

  /** The first occurrence of the needle in `text` at or after `from`, or -1. */
  find(text: string, from: number): number {
    const needle = this.needle;
    const m = needle.length;
    if (m <= HEAD) return text.indexOf(needle, from);
    const { codes, fail } = this.table();
    const n = text.length;
    let pos = Math.max(0, from);
    for (;;) {
      const candidate = text.indexOf(this.head, pos);
      if (candidate === -1) return -1;
      let k = 0;
      let i = candidate;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        while (k > 0 && codes[k] !== c) k = fail[k - 1] as number;
        if (codes[k] === c) k++;
        if (k === m) return i - m + 1;
        if (k === 0) break;
      }
      if (i >= n) return -1;
      pos = i + 1;
    }
  }

  /** The needle's code units and its Knuth–Morris–Pratt failure function, built on first use. */
  private table(): { codes: Uint16Array; fail: Int32Array } {
    if (this.tables) return this.tables;
    const p = this.needle;
    const codes = new Uint16Array(p.length);
    for (let i = 0; i < p.length; i++) codes[i] = p.charCodeAt(i);
    const fail = new Int32Array(p.length);
    let k = 0;
    for (let i = 1; i < p.length; i++) {
      const c = codes[i] as number;
      while (k > 0 && codes[k] !== c) k = fail[k - 1] as number;
      if (codes[k] === c) k++;
      fail[i] = k;
    }
    this.tables = { codes, fail };
    return this.tables;
  }
}
