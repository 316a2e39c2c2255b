import { createHash } from "node:crypto";

/**
 * A text file as the agent edits it: the decoded text (after any BOM) and
 * whether a BOM came first, so that encoding gives back the same bytes.
 * Line endings are never converted: they are part of `text`.
 */
export interface TextFile {
  bom: boolean;
  text: string;
}

const BOM = "\uFEFF";
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * Leading bytes of common binary formats. Only signatures that a text file
 * cannot plausibly start with (most hold control or non-ASCII bytes).
 */
const SIGNATURES: readonly (readonly [string, readonly number[]])[] = [
  ["PNG image", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["JPEG image", [0xff, 0xd8, 0xff]],
  ["GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["PDF document", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["ZIP archive", [0x50, 0x4b, 0x03, 0x04]],
  ["gzip archive", [0x1f, 0x8b]],
  ["bzip2 archive", [0x42, 0x5a, 0x68]],
  ["xz archive", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ["7-Zip archive", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ["ELF executable", [0x7f, 0x45, 0x4c, 0x46]],
  ["Mach-O executable", [0xcf, 0xfa, 0xed, 0xfe]],
  ["Java class", [0xca, 0xfe, 0xba, 0xbe]],
  ["WebAssembly module", [0x00, 0x61, 0x73, 0x6d]],
  [
    "SQLite database",
    [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74],
  ],
  ["UTF-16 text", [0xff, 0xfe]],
  ["UTF-16 text", [0xfe, 0xff]],
];

export type DecodeResult = { ok: true; file: TextFile } | { ok: false; reason: string };

/**
 * Decodes a file's bytes as UTF-8 text, or says why it is not text: a binary
 * signature, a NUL byte, or invalid UTF-8 (DESIGN.md §4: binary files are refused).
 */
export function decodeText(bytes: Uint8Array): DecodeResult {
  for (const [name, signature] of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b))
      return { ok: false, reason: `it starts like a ${name}` };
  }
  if (bytes.includes(0)) return { ok: false, reason: "it contains NUL bytes" };
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, reason: "it is not valid UTF-8" };
  }
  return text.startsWith(BOM)
    ? { ok: true, file: { bom: true, text: text.slice(1) } }
    : { ok: true, file: { bom: false, text } };
}

/** The bytes of `file`: its BOM if it had one, then its text as UTF-8. */
export function encodeText(file: TextFile): Uint8Array {
  return encoder.encode(file.bom ? BOM + file.text : file.text);
}

/** SHA-256 of `bytes`, in hex: a file's identity for `expect` and undo. */
export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
