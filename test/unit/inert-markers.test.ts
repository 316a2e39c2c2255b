import { describe, expect, it } from "vitest";
import { getPage } from "../../src/core/paging.ts";
import { inert } from "../../src/mcp/inert.ts";
import {
  escapeMarkers,
  escapeMarkersInJson,
  markersWithin,
  scanMarkers,
  unescapeMarkers,
} from "../../src/refs/syntax.ts";
import { countLines } from "../../src/shared/core/text.ts";

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Texts dense in what escaping is about: markers, escaped markers, backslashes and braces. */
const ATOMS = [
  "{{ref:",
  "\\{{ref:",
  "\\\\{{ref:",
  "{{ref:path=private-notes.txt}}",
  "{{ref:clip=user-token,scope=user}}",
  "{{ref:source=os}}",
  "\\",
  "{",
  "{{",
  "}}",
  "ref:",
  "re",
  "f:",
  "a",
  "é",
  "😀",
  "\n",
  "\r\n",
  " ",
  '"',
  "\\u007b",
];

function texts(count: number, seed = 1): string[] {
  const next = random(seed);
  const out: string[] = ["", "{{ref:", "\\{{ref:", "{{{ref:", "\\\\\\{{ref:x}}\\"];
  for (let i = 0; i < count; i++) {
    let text = "";
    const length = Math.floor(next() * 40);
    for (let k = 0; k < length; k++) text += ATOMS[Math.floor(next() * ATOMS.length)];
    out.push(text);
  }
  return out;
}

const CASES = texts(2_000);

describe("escapeMarkers", () => {
  it("shows the issue's README with every marker escaped", () => {
    const readme =
      "See {{ref:path=private-notes.txt}}, {{ref:clip=user-token,scope=user}} and {{ref:source=os}}.\nLiteral: \\{{ref:x}}\n";
    expect(escapeMarkers(readme)).toBe(
      "See \\{{ref:path=private-notes.txt}}, \\{{ref:clip=user-token,scope=user}} and \\{{ref:source=os}}.\nLiteral: \\\\{{ref:x}}\n",
    );
  });

  it("round-trips every text exactly through unescapeMarkers", () => {
    for (const text of CASES) expect(unescapeMarkers(escapeMarkers(text))).toBe(text);
  });

  it("scans back to exactly the original bytes, as one literal piece with no marker", () => {
    for (const text of CASES) {
      const scanned = scanMarkers(escapeMarkers(text));
      expect(scanned, JSON.stringify(text)).toEqual({ ok: true, pieces: [text] });
    }
  });

  it("leaves no {{ref: without a backslash before it", () => {
    for (const text of CASES) {
      const shown = escapeMarkers(text);
      for (let at = shown.indexOf("{{ref:"); at !== -1; at = shown.indexOf("{{ref:", at + 1))
        expect(shown[at - 1], JSON.stringify(text)).toBe("\\");
    }
  });

  it("adds one character per {{ref: and no line", () => {
    for (const text of CASES) {
      const shown = escapeMarkers(text);
      expect(shown.length).toBe(text.length + markersWithin(text));
      expect(countLines(shown)).toBe(countLines(text));
    }
  });

  it("stays inert when a model echoes it inside text of its own", () => {
    for (const text of CASES) {
      const echoed = `before ${escapeMarkers(text)} after`;
      expect(scanMarkers(echoed)).toEqual({ ok: true, pieces: [`before ${text} after`] });
    }
  });
});

describe("escapeMarkersInJson", () => {
  it("writes the same JSON value with no {{ref: left in the text", () => {
    for (const text of CASES) {
      const json = escapeMarkersInJson(JSON.stringify({ content: text, key: text }));
      expect(json).not.toContain("{{ref:");
      expect(JSON.parse(json)).toEqual({ content: text, key: text });
    }
  });
});

describe("inert", () => {
  it("escapes every string of a structured value, however deep, and nothing else", () => {
    const value = {
      content: "{{ref:source=os}}",
      n: 3,
      ok: true,
      none: null,
      entries: [{ head: ["a", "\\{{ref:x}}"], source: { kind: "text" } }],
    };
    expect(inert(value)).toEqual({
      content: "\\{{ref:source=os}}",
      n: 3,
      ok: true,
      none: null,
      entries: [{ head: ["a", "\\\\{{ref:x}}"], source: { kind: "text" } }],
    });
  });
});

describe("pages of content with markers", () => {
  const pagesOf = (text: string, cap: number) => {
    const count = getPage(text, 1, cap)?.pages ?? 0;
    return Array.from({ length: count }, (_, i) => getPage(text, i + 1, cap)?.text ?? "");
  };

  it("keep every page, as shown (escaped), within the cap", () => {
    const text = "{{ref:x}}".repeat(30); // one long line: 270 characters, 300 shown
    const pages = pagesOf(text, 40);
    for (const page of pages) expect(escapeMarkers(page).length).toBeLessThanOrEqual(40);
    expect(pages.join("")).toBe(text);
  });

  it("never cut a {{ref: in two, so pages shown and joined stay inert and exact", () => {
    for (const [i, text] of texts(300, 7).entries()) {
      const cap = 10 + (i % 23);
      const pages = pagesOf(text, cap);
      expect(pages.join("")).toBe(text);
      for (const page of pages) {
        expect(escapeMarkers(page).length, JSON.stringify({ text, cap })).toBeLessThanOrEqual(cap);
        expect(page.isWellFormed()).toBe(true);
      }
      const shownJoined = pages.map(escapeMarkers).join("");
      expect(scanMarkers(shownJoined), JSON.stringify({ text, cap })).toEqual({
        ok: true,
        pieces: [text],
      });
    }
  });

  it("still fit a page of 40,000 characters of markers under the result limit", () => {
    const text = "{{ref:a}}\n".repeat(10_000); // 100,000 characters, 110,000 shown
    const first = getPage(text, 1);
    expect(first && escapeMarkers(first.text).length).toBeLessThanOrEqual(40_000);
    expect(first?.text.endsWith("\n")).toBe(true);
  });
});
