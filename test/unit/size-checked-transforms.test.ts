import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/shared/core/limits.ts";
import { utf8Bytes } from "../../src/shared/core/text.ts";
import {
  assemble,
  commonIndent,
  indentUnit,
  Mosaic,
  reindentTo,
  shiftGrowth,
  shiftIndent,
  type Transform,
  transformPiece,
} from "../../src/shared/refs/transforms.ts";

const LIMIT = LIMITS.entryBytes;
const encoder = new TextEncoder();

/** The transforms as 0.4.0 built them, unchecked: the reference for what is built. */
function reference(text: string, t: Transform): string {
  let out = text;
  for (const { from, to } of t.replace ?? []) out = out.split(from).join(to);
  if (t.wrap !== undefined) out = t.wrap.split("{content}").join(out);
  if (t.prepend !== undefined) out = t.prepend + out;
  if (t.append !== undefined) out += t.append;
  return out;
}

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATOMS = ["a", "b", "ab", "é", "😀", "\n", "  ", "\t", "{content}", "x\n"];
function words(next: () => number, max: number): string {
  let out = "";
  for (let n = Math.floor(next() * max); n > 0; n--)
    out += ATOMS[Math.floor(next() * ATOMS.length)];
  return out;
}

describe("transformPiece within a limit", () => {
  it("refuses the reported chained replace at the step that would pass 10 MiB, before building it", () => {
    // A 3 KB text whose every `a` becomes ten: 3 KB → 30 KB → 300 KB → 3 MB → 30 MB.
    const step = { from: "a", to: "a".repeat(10) };
    const built = transformPiece("a".repeat(3_000), { replace: Array(8).fill(step) }, LIMIT);
    expect(built).toEqual({
      ok: false,
      tooLarge: { param: "replace[3]", bytes: 30_000_000 },
    });
  });

  it("never allocates the refused string, even one past the engine's longest string", () => {
    // 1,000 × 10 MB = 10 GB: building it would throw "Invalid string length".
    const built = transformPiece(
      "a".repeat(1_000),
      { replace: [{ from: "a", to: "b".repeat(10_000_000) }] },
      LIMIT,
    );
    expect(built).toEqual({
      ok: false,
      tooLarge: { param: "replace[0]", bytes: 10_000_000_000 },
    });
  });

  it("computes a wrap's size from its slots, and prepend and append from theirs", () => {
    const content = "x".repeat(200 * 1024);
    expect(transformPiece(content, { wrap: "{content}".repeat(100) }, LIMIT)).toMatchObject({
      ok: false,
      tooLarge: { param: "wrap", bytes: 100 * 200 * 1024 },
    });
    const nearly = "y".repeat(LIMIT - 1);
    expect(transformPiece(nearly, { prepend: "é" }, LIMIT)).toMatchObject({
      ok: false,
      tooLarge: { param: "prepend", bytes: LIMIT + 1 },
    });
    expect(transformPiece(nearly, { append: "z" }, LIMIT)).toMatchObject({
      ok: true,
      bytes: LIMIT,
    });
    expect(transformPiece(nearly, { append: "zz" }, LIMIT)).toMatchObject({
      ok: false,
      tooLarge: { param: "append", bytes: LIMIT + 1 },
    });
  });

  it("builds exactly what the unchecked transforms built, and knows its size in UTF-8 bytes", () => {
    const next = random(3);
    for (let i = 0; i < 1_500; i++) {
      const text = words(next, 30);
      const t: Transform = {
        replace: Array.from({ length: Math.floor(next() * 3) }, () => ({
          from: words(next, 2) || "a",
          to: words(next, 3),
        })),
        ...(next() < 0.5 ? { wrap: `<${words(next, 3)}{content}${words(next, 2)}>` } : {}),
        ...(next() < 0.5 ? { prepend: words(next, 3) } : {}),
        ...(next() < 0.5 ? { append: words(next, 3) } : {}),
      };
      const built = transformPiece(text, t);
      const expected = reference(text, t);
      expect(built).toEqual({ ok: true, text: expected, bytes: encoder.encode(expected).length });
    }
  });

  it("replaces one letter in a long text without an array per occurrence, in one pass", () => {
    const text = "a".repeat(2_000_000);
    const built = transformPiece(text, { replace: [{ from: "a", to: "bc" }] }, LIMIT);
    expect(built.ok && built.text.length).toBe(4_000_000);
    expect(built.ok && built.text.slice(0, 6)).toBe("bcbcbc");
  });
});

describe("Mosaic: references joined as they come", () => {
  it("refuses the second of fifty 6 MiB references, so the third is never needed", () => {
    const big = "z".repeat(6 * 1024 * 1024);
    const mosaic = new Mosaic({}, LIMIT);
    expect(mosaic.add(big, "from[0]")).toBeUndefined();
    expect(mosaic.add(big, "from[1]")).toEqual({
      param: "from[1]",
      bytes: 12 * 1024 * 1024 + 1, // the default line break between them
    });
    expect(mosaic.bytes).toBe(6 * 1024 * 1024);
  });

  it("counts separators exactly: the default line breaks and a given join", () => {
    expect(assemble(["abcd", "efgh"], {}, 9)).toMatchObject({ ok: true, text: "abcd\nefgh" });
    expect(assemble(["abcd", "efgh", "x"], {}, 10)).toMatchObject({
      ok: false,
      tooLarge: { param: "from[2]", bytes: 11 },
    });
    expect(assemble(["ab", "cd"], { join: "€" }, 7)).toMatchObject({ ok: true, bytes: 7 });
    expect(assemble(["ab", "cd"], { join: "€" }, 6)).toMatchObject({ ok: false });
  });

  it("knows the joined size exactly, for any pieces, transform and join", () => {
    const next = random(11);
    for (let i = 0; i < 800; i++) {
      const pieces = Array.from({ length: Math.floor(next() * 5) }, () => words(next, 12));
      const t: Transform = {
        ...(next() < 0.4 ? { join: words(next, 2) } : {}),
        ...(next() < 0.4 ? { append: words(next, 2) } : {}),
        ...(next() < 0.3 ? { replace: [{ from: "a", to: words(next, 2) }] } : {}),
      };
      const built = assemble(pieces, t);
      expect(built.ok).toBe(true);
      if (built.ok) expect(built.bytes).toBe(encoder.encode(built.text).length);
    }
  });
});

describe("shiftGrowth", () => {
  it("is exactly what shiftIndent adds or removes, counted without building it", () => {
    const texts = [
      "a\nb\n",
      "  a\n\n    b\n",
      "\tx\n\t\ty\n  \n",
      "def f():\n    return 1\n",
      "no newline",
      "   \n  \n",
    ];
    for (const text of texts)
      for (const levels of [-3, -1, 0, 1, 2, 16])
        for (const unit of ["  ", "\t", "    "])
          expect(utf8Bytes(shiftIndent(text, levels, unit)), JSON.stringify({ text, levels })).toBe(
            utf8Bytes(text) + shiftGrowth(text, levels, unit),
          );
  });

  it("predicts 16 levels on 10 MiB of short lines as far past the limit", () => {
    const text = "a\n".repeat(5 * 1024 * 1024);
    expect(utf8Bytes(text) + shiftGrowth(text, 16, "    ")).toBe(2 * 5 * 1024 * 1024 * 33);
  });
});

describe("the indentation helpers, line by line without an array of lines", () => {
  /** 0.4.0's versions, over `split(/(?<=\n)/)`: the reference. */
  const LEADING = /^[ \t]*/;
  const lines = (text: string) => text.split(/(?<=\n)/);
  const blank = (line: string) => line.trim() === "";
  const oldCommon = (text: string) => {
    let common: string | undefined;
    for (const line of lines(text)) {
      if (blank(line)) continue;
      const lead = LEADING.exec(line)?.[0] ?? "";
      if (common === undefined) common = lead;
      else {
        let n = 0;
        while (n < common.length && n < lead.length && common[n] === lead[n]) n++;
        common = common.slice(0, n);
      }
      if (common === "") break;
    }
    return common ?? "";
  };
  const oldUnit = (text: string) => {
    const counts = new Map<number, number>();
    let previous = 0;
    let tabs = 0;
    let spaced = 0;
    for (const line of lines(text)) {
      if (blank(line)) continue;
      const lead = LEADING.exec(line)?.[0] ?? "";
      if (lead.startsWith("\t")) {
        tabs++;
        continue;
      }
      if (lead.length) spaced++;
      const delta = lead.length - previous;
      if (delta > 0 && delta <= 8) counts.set(delta, (counts.get(delta) ?? 0) + 1);
      previous = lead.length;
    }
    if (tabs > spaced) return "\t";
    let best = 0;
    let bestCount = 0;
    for (const [delta, count] of counts)
      if (count > bestCount || (count === bestCount && delta > best))
        [best, bestCount] = [delta, count];
    return best ? " ".repeat(best) : "    ";
  };
  /** 0.4.0's re-indent, from `base` (0.4.0: always the common indentation); lines without it stay. */
  const oldReindent = (text: string, to: string, base = oldCommon(text)) => {
    if (base === to) return text;
    return lines(text)
      .map((line) =>
        blank(line)
          ? line.replace(LEADING, "")
          : line.startsWith(base)
            ? to + line.slice(base.length)
            : line,
      )
      .join("");
  };
  /** What `indent: "auto"` moves from: the first non-blank line's indentation. */
  const firstLead = (text: string) =>
    LEADING.exec(lines(text).find((line) => !blank(line)) ?? "")?.[0] ?? "";

  it("agree with 0.4.0's on every text (re-indenting from the first line's indentation, as auto does now)", () => {
    const next = random(17);
    const atoms = ["  ", "\t", " ", "a", "b(", "{", ":", "\n", "\r\n", "\u00a0", "\u3000", "x\n"];
    for (let i = 0; i < 3_000; i++) {
      let text = "";
      for (let n = Math.floor(next() * 30); n > 0; n--)
        text += atoms[Math.floor(next() * atoms.length)];
      expect(commonIndent(text), JSON.stringify(text)).toBe(oldCommon(text));
      expect(indentUnit(text), JSON.stringify(text)).toBe(oldUnit(text));
      for (const to of ["", "  ", "\t\t"])
        expect(reindentTo(text, to), JSON.stringify({ text, to })).toBe(
          oldReindent(text, to, firstLead(text)),
        );
      for (const levels of [-2, 1])
        expect(shiftIndent(text, levels, "  "), JSON.stringify({ text, levels })).toBe(
          oldReindent(
            text,
            levels > 0
              ? `${oldCommon(text)}  `
              : oldCommon(text).slice(0, Math.max(0, oldCommon(text).length - 4)),
          ),
        );
    }
  });
});

describe("utf8Bytes", () => {
  it("counts as TextEncoder does, across chunk boundaries and lone surrogates", () => {
    const next = random(5);
    const units = ["a", "é", "€", "😀", "\ud83d", "\ude00"];
    for (let i = 0; i < 60; i++) {
      const parts: string[] = [];
      for (let n = Math.floor(next() * 70_000); n > 0; n--)
        parts.push(units[Math.floor(next() * units.length)] as string);
      const text = parts.join("");
      expect(utf8Bytes(text)).toBe(encoder.encode(text).length);
    }
    const split = `${"a".repeat(16_383)}😀${"b".repeat(16_382)}\ud83d\ud83d\ude00`;
    expect(utf8Bytes(split)).toBe(encoder.encode(split).length);
  });
});
