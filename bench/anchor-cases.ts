/**
 * The anchor worst cases bench/anchors.ts measures: 10 MiB texts built to be
 * hard for each stage (one repeated character, a period of two, 2,500
 * different near-copies of a 4,000-character block, 170,000 near-miss lines,
 * code-like text, runs of one character of random lengths) and anchors up to
 * the schema's 4,000 characters that match everywhere, nearly everywhere, or
 * nowhere. Deterministic (a seeded generator), so runs compare.
 */
export const TEXT_BYTES = 10 * 1024 * 1024;

export interface AnchorCase {
  label: string;
  /** The text's name (a file of that name in the agent's root). */
  text: keyof typeof TEXTS;
  start: string;
  end?: string;
  /** Also read through the agent (the slower half of the table stays pure-only). */
  agent?: boolean;
}

/** mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fill = (unit: string) =>
  unit.repeat(Math.ceil(TEXT_BYTES / unit.length)).slice(0, TEXT_BYTES);

/** `text` with the characters at `at` replaced by `by`. */
export function typos(text: string, at: number[], by = "#"): string {
  const chars = [...text];
  for (const i of at) chars[i] = by;
  return chars.join("");
}

/** Code-like text: random words and punctuation in lines, like a large generated source file. */
function codeLike(): string {
  const random = generator(1);
  const words = ["const", "return", "function", "value", "data", "self", "if", "else", "for"];
  const marks = ["=", "(", ")", "{", "}", ";", ",", "."];
  const parts: string[] = [];
  let size = 0;
  while (size < TEXT_BYTES) {
    const r = random();
    const part =
      r < 0.08
        ? "\n  "
        : r < 0.3
          ? (marks[Math.floor(random() * 8)] as string)
          : `${words[Math.floor(random() * 9)]}${Math.floor(random() * 1000)} `;
    parts.push(part);
    size += part.length;
  }
  return parts.join("").slice(0, TEXT_BYTES);
}

const CODE = codeLike();
/** The block near-copies are made of: 4,000 characters of code-like text, on one line. */
export const BLOCK = CODE.slice(5_000, 9_000).replace(/\s/g, "_");
const LINE = "the quick brown fox jumps over the lazy dog";

export const TEXTS = {
  "a.txt": () => fill("a"),
  "ab.txt": () => fill("ab"),
  "spaced.txt": () => fill("a "),
  // 2,500 copies of BLOCK, each with 3 different typos in its first third.
  "copies.txt": () => {
    const copies: string[] = [];
    for (let i = 0; copies.length * 4_001 < TEXT_BYTES; i++)
      copies.push(typos(BLOCK, [7 + (i % 50), 300 + (i % 97), 900 + (i % 31)]));
    return copies.join("\n").slice(0, TEXT_BYTES);
  },
  // 240,000 lines, each LINE with 3 typos somewhere.
  "lines.txt": () => {
    const lines: string[] = [];
    for (let i = 0; lines.length * 44 < TEXT_BYTES; i++)
      lines.push(typos(LINE, [(i * 7) % 40, ((i * 13) % 40) + 1, ((i * 3) % 40) + 2]));
    return lines.join("\n").slice(0, TEXT_BYTES);
  },
  "code.txt": () => CODE,
  // Runs of `a` 1,400–3,900 long between single `b`s: every run nearly matches a long `a` anchor.
  "runs.txt": () => {
    const random = generator(2);
    const runs: string[] = [];
    let size = 0;
    while (size < TEXT_BYTES) {
      const run = `${"a".repeat(1_400 + Math.floor(random() * 2_500))}b`;
      runs.push(run);
      size += run.length;
    }
    return runs.join("").slice(0, TEXT_BYTES);
  },
};

const A4000 = "a".repeat(4_000);
const AB4000 = "ab".repeat(2_000);
const passage = CODE.slice(TEXT_BYTES / 2, TEXT_BYTES / 2 + 4_000);

export const CASES: AnchorCase[] = [
  {
    label: "`a` … `a` in 10 Mi `a`s (exact everywhere)",
    text: "a.txt",
    start: "a",
    end: "a",
    agent: true,
  },
  { label: "4,000 `a`s … 4,000 `a`s in `a`s", text: "a.txt", start: A4000, end: A4000 },
  {
    label: "4,000 `a`s with a typo mid-way in `a`s (indexOf worst case; fuzzy everywhere)",
    text: "a.txt",
    start: typos(A4000, [2_000], "b"),
    agent: true,
  },
  { label: "`A` in `a`s (normalised everywhere)", text: "a.txt", start: "A", end: "A" },
  {
    label: "`A A` … `a  a` in `a a a …` (normalised, folding 10 MiB)",
    text: "spaced.txt",
    start: "A A",
    end: "a  a",
  },
  {
    label: "11 `a`s with a typo in `a`s (fuzzy everywhere)",
    text: "a.txt",
    start: "aaaaabaaaaa",
    end: "aaaaacaaaaa",
  },
  {
    label: "4,000 `a`s, 3 typos in one piece, in `a`s (no match)",
    text: "a.txt",
    start: typos(A4000, [100, 200, 300], "b"),
    agent: true,
  },
  {
    label: "4,000 of `ab`, 2 typos, in `ab`s (2-edit matches everywhere)",
    text: "ab.txt",
    start: typos(AB4000, [100, 3_001], "x"),
  },
  {
    label: "4,000 of `ab`, 3 typos in one piece, in `ab`s (no match)",
    text: "ab.txt",
    start: typos(AB4000, [100, 201, 302], "x"),
  },
  {
    label: "a 4,000-character block among 2,500 near-copies (3 typos each)",
    text: "copies.txt",
    start: BLOCK,
    agent: true,
  },
  {
    label: "a line among 240,000 near-miss lines (3 typos each)",
    text: "lines.txt",
    start: LINE,
    end: LINE,
    agent: true,
  },
  {
    label: "a 4,000-character passage with 2 typos in code (one match)",
    text: "code.txt",
    start: typos(passage, [10, 3_000], "~"),
    agent: true,
  },
  {
    label: "a short anchor with 3 typos in code (no match)",
    text: "code.txt",
    start: "fnuction retrun vaule",
    end: "data",
  },
  {
    label: "`return` … `data` in code (thousands of each)",
    text: "code.txt",
    start: "return",
    end: "data",
  },
  {
    label: "4,000 `a`s, 3 typos in one piece, in runs of `a`",
    text: "runs.txt",
    start: typos(A4000, [100, 200, 300], "c"),
    agent: true,
  },
];
