import { describe, expect, it } from "vitest";
import { decodeText, encodeText, sha256 } from "../src/text-file.ts";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("decodeText and encodeText", () => {
  it("round-trips UTF-8 text byte for byte: CRLF, mixed endings, no final newline, multi-byte", () => {
    for (const text of ["", "a\r\nb\nc", "é€😀\n", "x\r\n\r\n", "\ttab\rcr\n"]) {
      const raw = bytes(text);
      const decoded = decodeText(raw);
      expect(decoded.ok && decoded.file).toEqual({ bom: false, text });
      if (decoded.ok) expect(Buffer.from(encodeText(decoded.file))).toEqual(raw);
    }
  });

  it("keeps a BOM out of the text and puts it back on encoding", () => {
    const raw = bytes([0xef, 0xbb, 0xbf], "a\r\nb");
    const decoded = decodeText(raw);
    expect(decoded.ok && decoded.file).toEqual({ bom: true, text: "a\r\nb" });
    if (decoded.ok) expect(Buffer.from(encodeText(decoded.file))).toEqual(raw);
  });

  it("refuses NUL bytes, invalid UTF-8 and binary signatures, saying which", () => {
    const cases: [Buffer, string][] = [
      [bytes("abc", [0], "def"), "NUL"],
      [bytes([0xff, 0xfe, 0x41, 0x00]), "UTF-16"],
      [bytes("ok", [0xc3, 0x28]), "not valid UTF-8"],
      [bytes([0x89], "PNG\r\n", [0x1a, 0x0a]), "PNG"],
      [bytes("%PDF-1.7\n"), "PDF"],
      [bytes([0x7f], "ELF", [2, 1, 1]), "ELF"],
      [bytes([0x1f, 0x8b, 8]), "gzip"],
    ];
    for (const [raw, reason] of cases) {
      const decoded = decodeText(raw);
      expect(decoded.ok, reason).toBe(false);
      if (!decoded.ok) expect(decoded.reason).toContain(reason);
    }
  });

  it("hashes bytes with SHA-256 in hex", () => {
    expect(sha256(bytes(""))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });
});
