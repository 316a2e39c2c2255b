/**
 * Locator strings (DESIGN §3): one string names what a source, reference or
 * target is, instead of a nested object.
 *
 * | locator              | means                                              |
 * | -------------------- | -------------------------------------------------- |
 * | `src/a.ts`           | the file                                           |
 * | `src/a.ts#Store.load`| a symbol's whole unit                              |
 * | `src/a.ts:14-18`     | lines 14–18 (`:14` is line 14)                     |
 * | `r17` · `r17:14-18`  | result r17, or lines of it as it showed them       |
 * | `@cfg` · `@cfg:2-9`  | an entry, or lines of it                           |
 * | `os:`                | the OS clipboard                                   |
 *
 * Rules, in order: `os:` is the OS clipboard; `@` starts an entry key; `r`
 * and digits alone start a result; otherwise a path. A trailing `:N` or
 * `:N-M` is a line range; in a path, `#` starts a symbol. So a path holding
 * `#`, a path or key ending in `:` and digits, and a file named like `r17`
 * take the object form (`{ path: "…" }`), which means what it says.
 */

/** What a locator names, in the object form's fields (`lines` as "14..18"). */
export interface Located {
  source: "file" | "clip" | "result" | "os";
  path?: string;
  clip?: string;
  result?: string;
  lines?: string;
  focus?: string;
}

const LINES = /:(\d+)(?:-(\d+))?$/;
const RESULT = /^r\d+$/;

/** Parses a locator string, or says what is wrong with it (for an INVALID_ARGUMENT naming the parameter). */
export function parseLocator(text: string): Located | { error: string } {
  if (text === "")
    return {
      error: 'is empty; name a file ("src/a.ts"), an entry ("@key"), a result ("r17") or "os:"',
    };
  if (text.trim() !== text) return { error: "has leading or trailing spaces" };
  if (text === "os:") return { source: "os" };
  const range = LINES.exec(text);
  const base = range ? text.slice(0, range.index) : text;
  let lines: string | undefined;
  if (range) {
    const start = Number(range[1]);
    const end = range[2] === undefined ? start : Number(range[2]);
    const huge = [range[1], range[2]].find(
      (n) => n !== undefined && !Number.isSafeInteger(Number(n)),
    );
    if (huge !== undefined) return { error: `has line ${huge}, past any line a file can have` };
    if (start < 1) return { error: "has line 0: lines start at 1" };
    if (end < start) return { error: `has lines ${start}-${end}, which end before they start` };
    lines = `${start}..${end}`;
  }
  const withLines = lines === undefined ? {} : { lines };
  if (base.startsWith("@")) {
    const clip = base.slice(1);
    if (clip === "") return { error: 'has no entry key after "@"; write it as @key' };
    return { source: "clip", clip, ...withLines };
  }
  if (RESULT.test(base)) return { source: "result", result: base, ...withLines };
  if (base === "") return { error: "has no path before the line range" };
  const hash = base.indexOf("#");
  if (hash < 0) return { source: "file", path: base, ...withLines };
  const path = base.slice(0, hash);
  const focus = base.slice(hash + 1);
  if (path === "") return { error: 'has no path before "#"; write it as src/a.ts#Symbol' };
  if (focus === "") return { error: 'has no symbol after "#"; write it as src/a.ts#Symbol' };
  if (lines !== undefined)
    return { error: "has both a symbol and lines; name one (src/a.ts#Symbol or src/a.ts:14-18)" };
  return { source: "file", path, focus };
}
