import { escapeMarkers } from "../refs/syntax.ts";

/**
 * A value as a result shows it to the model (DESIGN.md §3, "Markers in results
 * are inert"): every string in it, however deep, with its `{{ref:` escaped, so
 * text echoed back from a result never expands. Applied to every successful
 * tool result's text and `structuredContent` (`success()`), and to the
 * clipboard resource and prompt: one place, so a new tool cannot forget it.
 * Identifiers are strings too (a key or path holding `{{ref:` is shown escaped);
 * what a client shows the model is what it may echo, so nothing is exempt.
 */
export function inert<T>(value: T): T {
  if (typeof value === "string") return escapeMarkers(value) as T;
  if (Array.isArray(value)) return value.map(inert) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = inert(v);
    return out as T;
  }
  return value;
}
