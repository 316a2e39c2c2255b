import type { SessionContext } from "../session/tool-context.ts";
import type { Outcome } from "../shared/core/errors.ts";
import { ok } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { utf8Bytes } from "../shared/core/text.ts";
import {
  indentUnit,
  shiftGrowth,
  shiftIndent,
  type Transform,
  transformPiece,
} from "../shared/refs/transforms.ts";
import { builtTooLarge } from "./failures.ts";
import { expandMarkers, type Origin, type Resolved, refsOf, resolveRefs } from "./references.ts";
import type { Ref } from "./schemas.ts";

/** Where content given by reference came from, for receipts and history. */
export interface Gathered {
  text: string;
  /** What was cited (refs and markers), empty for plain text. */
  cited: string[];
  /** Units `from` selected in files, for a paste to carry their imports (references.ts `Origin`). */
  origins?: Origin[];
}

/**
 * Content from `ref`, `multi_ref` or `text` (with its `{{ref:…}}` markers
 * resolved), `transform` applied: replace/wrap/prepend/append (per piece),
 * join. The transform's own markers are resolved by the caller, once
 * (`expandTransform`). Indentation is left to the caller: a paste re-indents
 * at its target.
 */
export async function gather(
  s: SessionContext,
  args: {
    text?: string | undefined;
    ref?: Ref | undefined;
    multi_ref?: Ref[] | undefined;
    transform?: Transform | undefined;
    agent?: string | undefined;
  },
  param: string,
): Promise<Outcome<Gathered>> {
  const t = args.transform;
  if (args.ref !== undefined || args.multi_ref !== undefined) {
    const name = args.ref !== undefined ? () => "from" : (i: number) => `from[${i}]`;
    const got: Outcome<Resolved> = await resolveRefs(s, refsOf(args), t, args.agent, name);
    return got.ok
      ? ok({ text: got.value.text, cited: [got.value.what], origins: got.value.origins ?? [] })
      : got;
  }
  const expanded = await expandMarkers(s, args.text ?? "", param, args.agent);
  if (!expanded.ok) return expanded;
  const built = transformPiece(expanded.value.text, t, LIMITS.entryBytes);
  if (!built.ok) return builtTooLarge(built.tooLarge);
  return ok({ text: built.text, cited: expanded.value.cited, origins: expanded.value.origins });
}

/**
 * `indent` by levels for content that goes to no file (an entry, the OS
 * clipboard), its size known before it is built (`indent` named
 * when it would pass the entry limit).
 */
export function shiftForEntry(text: string, t: Transform | undefined): Outcome<string> {
  if (typeof t?.indent !== "number") return ok(text);
  const unit = indentUnit(text);
  const bytes = utf8Bytes(text) + shiftGrowth(text, t.indent, unit);
  if (bytes > LIMITS.entryBytes) return builtTooLarge({ param: "indent", bytes });
  return ok(shiftIndent(text, t.indent, unit));
}
