/**
 * How deeply a parsed JSON value nests, measured without recursion. JSON.parse
 * takes any depth, but what comes after it does not: workerd's RPC
 * serialisation (a tool's arguments on their way to the session object, an
 * entry's `source` on its way back) recurses, and a 20,000-deep value
 * overflowed the stack there ("Maximum call stack size exceeded", an
 * INTERNAL_ERROR, and a stored `source` that broke every later listing).
 */

interface Frame {
  value: object;
  /** Keys to visit (objects); `undefined` for arrays, visited by index. */
  keys: string[] | undefined;
  length: number;
  next: number;
  /** The key this value sits under in its parent. */
  key: string;
}

function frame(value: object, key: string): Frame {
  const keys = Array.isArray(value) ? undefined : Object.keys(value);
  return { value, keys, length: keys ? keys.length : (value as unknown[]).length, next: 0, key };
}

/**
 * Where `value` first nests deeper than `max` levels of objects and arrays, as
 * a dotted path from `name` (`data.entries.0.source.a`), else `undefined`.
 * Depth-first with one frame per level, so it holds at most `max` frames.
 */
export function tooDeep(value: unknown, max: number, name = ""): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const frames: Frame[] = [frame(value, name)];
  const pathTo = (key: string) =>
    [...frames.map((f) => f.key), key].filter((k) => k !== "").join(".");
  if (max < 1) return name;
  for (let top = frames.at(-1); top; top = frames.at(-1)) {
    if (top.next >= top.length) {
      frames.pop();
      continue;
    }
    const index = top.next++;
    const key = top.keys ? (top.keys[index] as string) : String(index);
    const child = (top.value as Record<string, unknown>)[key];
    if (child === null || typeof child !== "object") continue;
    if (frames.length >= max) return pathTo(key);
    frames.push(frame(child, key));
  }
  return undefined;
}

/** A long dotted path shortened for a message: its start and end. */
export function shownPath(path: string): string {
  return path.length > 80 ? `${path.slice(0, 38)}…${path.slice(-38)}` : path;
}
