import { MYERS_STEP, type WorkMeter } from "./work-meter.ts";

/**
 * Myers' bit-parallel approximate search (G. Myers, "A Fast Bit-Vector
 * Algorithm for Approximate String Matching Based on Dynamic Programming",
 * JACM 46(3), 1999), block-based with Ukkonen's cut-off, as approx-string-match
 * implements it — rewritten here because the fuzzy anchor stage needs what
 * that library does not give: a scan that can stop at the first match and
 * resume, start anywhere, report only the end positions (no objects per
 * match), and skip the stretches of a text that repeat.
 *
 * For each end position `j` of the text it gives the edit distance between
 * the whole pattern and the best substring ending at `j` (the pattern may
 * start anywhere). The work per text character is the number of 32-character
 * blocks of the pattern that can still be within `k` errors: one or two on
 * ordinary text, all of them (m/32) where the text keeps resembling the
 * pattern — which is where periodic stretches are skipped (see `MyersRun`).
 */
export class MyersPattern {
  readonly pattern: string;
  readonly length: number;
  readonly blocks: number;
  /** Character code → 1 + index of the character among the pattern's distinct ones (0: absent). */
  readonly classOf: Uint16Array;
  /** Per class and block: the bit mask of the pattern positions holding that character. */
  readonly peq: Int32Array;
  /** Per block, the bit of its last row. */
  readonly lastRow: Int32Array;

  constructor(pattern: string) {
    const m = pattern.length;
    if (m === 0) throw new Error("MyersPattern: empty pattern");
    this.pattern = pattern;
    this.length = m;
    this.blocks = Math.ceil(m / 32);
    this.classOf = new Uint16Array(65536);
    let classes = 1;
    for (let i = 0; i < m; i++) {
      const c = pattern.charCodeAt(i);
      if (this.classOf[c] === 0) this.classOf[c] = classes++;
    }
    this.peq = new Int32Array(classes * this.blocks);
    for (let i = 0; i < m; i++) {
      const c = this.classOf[pattern.charCodeAt(i)] as number;
      const at = c * this.blocks + (i >> 5);
      this.peq[at] = (this.peq[at] as number) | (1 << (i & 31));
    }
    this.lastRow = new Int32Array(this.blocks).fill(1 << 31);
    this.lastRow[this.blocks - 1] = 1 << ((m - 1) % 32);
  }
}

/** How many columns pass between checks for a periodic stretch, at least. */
const CHECK_EVERY = 1024;

/**
 * One left-to-right scan of `text` from `from`, reporting the end positions in
 * [`reportFrom`, `to`] whose score is at most `k`, one per `next()` call.
 * Scores of ends before `from + m + k` miss alignments starting before
 * `from`; the caller says from where they are exact (`reportFrom`), which is
 * `from` itself when nothing precedes it (the searched text starts there).
 *
 * Periodic stretches: a score depends only on the last m+k characters before
 * its end. When the last 2(m+k) characters repeat with a period q ≤ m+k and
 * the text goes on repeating, every later score in the stretch equals the one
 * q before it, so the scan copies them instead of computing them (10 MiB of
 * one repeated character costs what one window does), then restarts fresh
 * m+k characters before the stretch ends. Checked only while the scan is
 * expensive (many blocks active), so ordinary text never pays for it.
 */
export class MyersRun {
  /** The score of the end `next()` returned last. */
  score = 0;
  private readonly p: MyersPattern;
  private readonly text: string;
  private readonly to: number;
  private readonly k: number;
  private readonly from: number;
  private readonly meter: WorkMeter;
  private readonly P: Int32Array;
  private readonly M: Int32Array;
  private readonly sc: Int32Array;
  /** Scores of the last ends (saturated at k+1; a power of two ≥ m+k+1 of them), for copying periodic stretches. */
  private readonly ring: Uint8Array;
  private y = 0;
  /** The next text index to process; the last end computed is `pos`. */
  private pos = 0;
  /** Ends below this are not reported (not exact, or not asked for). */
  private validFrom: number;
  /** Ends from here on have exact scores in `ring`. */
  private ringFrom: number;
  private replicating: { q: number; until: number } | undefined;
  /** Columns and block steps since the last look for a periodic stretch. */
  private sinceCheck = 0;
  private stepsSinceCheck = 0;
  private periodScratch: Int32Array | undefined;

  constructor(
    p: MyersPattern,
    text: string,
    options: { from: number; to: number; k: number; reportFrom: number; meter: WorkMeter },
  ) {
    this.p = p;
    this.text = text;
    this.from = options.from;
    this.to = Math.min(options.to, text.length);
    this.k = options.k;
    this.meter = options.meter;
    this.P = new Int32Array(p.blocks);
    this.M = new Int32Array(p.blocks);
    this.sc = new Int32Array(p.blocks);
    // Periodic stretches are only looked for where more than 4 blocks are active.
    this.ring = new Uint8Array(p.blocks > 4 ? 2 ** Math.ceil(Math.log2(p.length + this.k + 1)) : 1);
    this.validFrom = Math.max(options.reportFrom, options.from + 1);
    this.ringFrom = this.validFrom;
    this.restart(options.from);
  }

  /** Fresh state at text index `at` (nothing before it counts). */
  private restart(at: number): void {
    const w = 32;
    this.pos = at;
    this.y = Math.max(0, Math.ceil(this.k / w) - 1);
    for (let b = 0; b <= this.y; b++) {
      this.sc[b] = (b + 1) * w;
      this.P[b] = -1;
      this.M[b] = 0;
    }
    this.sc[this.p.blocks - 1] = this.p.length;
  }

  /** The last end position computed (every end up to it has been considered). */
  get position(): number {
    return this.pos;
  }

  /** The next end position in range with score ≤ k (its score in `score`), or -1. */
  next(): number {
    for (;;) {
      const rep = this.replicating;
      if (rep) {
        const found = this.copyPeriod(rep);
        if (found !== -1) return found;
        this.replicating = undefined;
        if (rep.until >= this.to) return -1;
        this.validFrom = Math.max(this.validFrom, rep.until + 1);
        this.ringFrom = rep.until + 1;
        this.restart(Math.max(this.from, rep.until - this.p.length - this.k));
        continue;
      }
      const found = this.scan();
      if (found !== -2) return found;
    }
  }

  /** Copies scores q back over a periodic stretch; the first end with score ≤ k, or -1 at its end. */
  private copyPeriod(rep: { q: number; until: number }): number {
    const mask = this.ring.length - 1;
    const k = this.k;
    // A period with no match: none in the whole stretch.
    let best = k + 1;
    for (let j = this.pos - rep.q + 1; j <= this.pos; j++)
      best = Math.min(best, this.ring[j & mask] as number);
    if (best > k) {
      this.meter.charge(rep.q >> 3);
      this.pos = rep.until;
      return -1;
    }
    let spent = 0;
    while (this.pos < rep.until) {
      const j = ++this.pos;
      const s = this.ring[(j - rep.q) & mask] as number;
      this.ring[j & mask] = s;
      spent++;
      if (s <= k && j >= this.validFrom) {
        this.meter.charge(spent >> 3);
        this.score = s;
        return j;
      }
    }
    this.meter.charge(spent >> 3);
    return -1;
  }

  /** Myers columns until a match (its end), the end of the range (-1), or a periodic stretch (-2). */
  private scan(): number {
    return this.p.blocks === 1 ? this.scanOneBlock() : this.scanBlocks();
  }

  /** Patterns of up to 32 characters: the whole column in one word, no cut-off. */
  private scanOneBlock(): number {
    const { peq, classOf, lastRow } = this.p;
    const last = lastRow[0] as number;
    const k = this.k;
    const text = this.text;
    const to = this.to;
    const validFrom = this.validFrom;
    let pV = this.P[0] as number;
    let mV = this.M[0] as number;
    let score = this.sc[0] as number;
    let pos = this.pos;
    const start = pos;
    let result = -1;
    while (pos < to) {
      const eq = peq[classOf[text.charCodeAt(pos)] as number] as number;
      pos++;
      const xV = eq | mV;
      const xH = (((eq & pV) + pV) ^ pV) | eq;
      let pH = mV | ~(xH | pV);
      let mH = pV & xH;
      if ((pH & last) !== 0) score++;
      else if ((mH & last) !== 0) score--;
      pH <<= 1;
      mH <<= 1;
      pV = mH | ~(xV | pH);
      mV = pH & xV;
      if (score <= k && pos >= validFrom) {
        this.score = score;
        result = pos;
        break;
      }
    }
    this.P[0] = pV;
    this.M[0] = mV;
    this.sc[0] = score;
    this.pos = pos;
    this.meter.charge((pos - start) * MYERS_STEP);
    return result;
  }

  private scanBlocks(): number {
    const { peq, classOf, lastRow, blocks } = this.p;
    const bMax = blocks - 1;
    const m = this.p.length;
    const k = this.k;
    const P = this.P;
    const M = this.M;
    const sc = this.sc;
    const ring = this.ring;
    const mask = ring.length - 1;
    const keepRing = ring.length > 1;
    const ringFrom = this.ringFrom;
    const validFrom = this.validFrom;
    const text = this.text;
    const to = this.to;
    let y = this.y;
    let pos = this.pos;
    let steps = 0;
    let columns = 0;
    let result = -1;
    while (pos < to) {
      const base = (classOf[text.charCodeAt(pos)] as number) * blocks;
      pos++;
      let carry = 0;
      // Blocks above the last: their last row is bit 31, so the carry out is branch-free.
      const full = y < bMax ? y : y - 1;
      for (let b = 0; b <= full; b++) {
        const pV = P[b] as number;
        const mV = M[b] as number;
        const hNeg = carry >>> 31;
        const eq = (peq[base + b] as number) | hNeg;
        const xV = eq | mV;
        const xH = (((eq & pV) + pV) ^ pV) | eq;
        let pH = mV | ~(xH | pV);
        let mH = pV & xH;
        const out = (pH >>> 31) - (mH >>> 31);
        pH = (pH << 1) | (carry & ~(carry >> 31));
        mH = (mH << 1) | hNeg;
        P[b] = mH | ~(xV | pH);
        M[b] = pH & xV;
        carry = out;
        sc[b] = (sc[b] as number) + out;
      }
      if (y === bMax) {
        const pV = P[y] as number;
        const mV = M[y] as number;
        const hNeg = carry >>> 31;
        const eq = (peq[base + y] as number) | hNeg;
        const xV = eq | mV;
        const xH = (((eq & pV) + pV) ^ pV) | eq;
        let pH = mV | ~(xH | pV);
        let mH = pV & xH;
        const last = lastRow[y] as number;
        const out = ((pH & last) !== 0 ? 1 : 0) - ((mH & last) !== 0 ? 1 : 0);
        pH = (pH << 1) | (carry & ~(carry >> 31));
        mH = (mH << 1) | hNeg;
        P[y] = mH | ~(xV | pH);
        M[y] = pH & xV;
        carry = out;
        sc[y] = (sc[y] as number) + out;
      }
      steps += y + 1;
      if (
        (sc[y] as number) - carry <= k &&
        y < bMax &&
        ((peq[base + y + 1] as number) & 1 || carry < 0)
      ) {
        // The block below may come within k: add it to the column.
        y++;
        const hNeg = carry >>> 31;
        const eq = (peq[base + y] as number) | hNeg;
        const xV = eq;
        const xH = ((eq - 1) ^ -1) | eq;
        let pH = ~(xH | -1);
        let mH = -1 & xH;
        const last = lastRow[y] as number;
        const out = ((pH & last) !== 0 ? 1 : 0) - ((mH & last) !== 0 ? 1 : 0);
        pH = (pH << 1) | (carry > 0 ? 1 : 0);
        mH = (mH << 1) | hNeg;
        P[y] = mH | ~(xV | pH);
        M[y] = pH & xV;
        const height = y === bMax ? m - 32 * bMax : 32;
        sc[y] = (sc[y - 1] as number) + height - carry + out;
        steps++;
      } else {
        while (y > 0 && (sc[y] as number) >= k + 32) y--;
      }
      const score = y === bMax ? (sc[y] as number) : k + 1;
      if (keepRing && pos >= ringFrom) ring[pos & mask] = score > k ? k + 1 : score;
      columns++;
      if (score <= k && pos >= validFrom) {
        this.score = score;
        result = pos;
        break;
      }
      if (keepRing && columns >= CHECK_EVERY) break;
    }
    this.y = y;
    this.pos = pos;
    this.meter.charge(steps * MYERS_STEP);
    if (keepRing) {
      // Expensive lately (many blocks active)? Then look for a repeating stretch.
      this.sinceCheck += columns;
      this.stepsSinceCheck += steps;
      if (this.sinceCheck >= 2 * (m + k) && pos < to) {
        const expensive = this.stepsSinceCheck > 4 * this.sinceCheck;
        this.sinceCheck = 0;
        this.stepsSinceCheck = 0;
        if (expensive && this.startPeriod() && result === -1) return -2;
      }
    }
    if (result !== -1) return result;
    if (pos >= to) return -1;
    return -2;
  }

  /** Whether the text before `pos` repeats and goes on repeating far enough to copy scores. */
  private startPeriod(): boolean {
    const span = this.p.length + this.k;
    const L = 2 * span;
    const pos = this.pos;
    if (pos - L < this.from) return false;
    const q = smallestPeriod(this.text, pos - L, pos, this.scratch(L));
    this.meter.charge(L >> 2);
    if (q > span || pos - q + 1 < this.ringFrom) return false;
    let until = pos;
    const text = this.text;
    while (until < this.to && text.charCodeAt(until) === text.charCodeAt(until - q)) until++;
    this.meter.charge((until - pos) >> 4);
    if (until - pos < span) return false;
    this.replicating = { q, until };
    return true;
  }

  private scratch(length: number): Int32Array {
    if (!this.periodScratch || this.periodScratch.length < length)
      this.periodScratch = new Int32Array(length);
    return this.periodScratch;
  }
}

/** The smallest period of text[from, to) (Knuth–Morris–Pratt failure function). */
export function smallestPeriod(text: string, from: number, to: number, fail: Int32Array): number {
  const n = to - from;
  if (n <= 1) return n;
  fail[0] = 0;
  let k = 0;
  for (let i = 1; i < n; i++) {
    const c = text.charCodeAt(from + i);
    while (k > 0 && text.charCodeAt(from + k) !== c) k = fail[k - 1] as number;
    if (text.charCodeAt(from + k) === c) k++;
    fail[i] = k;
  }
  return n - (fail[n - 1] as number);
}
