import { z } from "zod";
import { LIMITS } from "../shared/core/limits.ts";
import { SCOPES } from "../shared/core/names.ts";

/**
 * The clipboard export format, version 1: every entry with its full metadata.
 * update action "export" writes it and "import" reads it; the schema is the
 * one definition of the format.
 */
export const ExportedEntry = z.object({
  key: z.string().min(1).max(LIMITS.keyChars),
  scope: z.enum(SCOPES),
  content: z.string(),
  description: z.string().max(LIMITS.descriptionChars).default(""),
  tags: z.array(z.string()).max(LIMITS.tagsPerEntry).default([]),
  source: z.record(z.string(), z.unknown()).default({ kind: "text" }),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  expires_at: z.string().nullable().optional(),
});
export type ExportedEntry = z.infer<typeof ExportedEntry>;

export const ExportDocument = z.object({
  format: z.literal("edgeclip"),
  version: z.literal(1),
  exported_at: z.string(),
  entries: z.array(ExportedEntry),
});
export type ExportDocument = z.infer<typeof ExportDocument>;

export type Conflict = "skip" | "overwrite" | "rename";

export interface ImportStep {
  key: string;
  scope: ExportedEntry["scope"];
  action: "create" | "skip" | "overwrite" | "rename";
  /** For `rename`: the key the entry is imported under. */
  as?: string;
}

/**
 * What an import does with each entry, given the keys already in each scope.
 * Pure: `dry_run` shows this plan, a real import carries it out.
 */
export function planImport(
  entries: readonly Pick<ExportedEntry, "key" | "scope">[],
  existing: Readonly<Record<ExportedEntry["scope"], ReadonlySet<string>>>,
  conflict: Conflict,
): ImportStep[] {
  const taken = {
    session: new Set(existing.session),
    project: new Set(existing.project),
    user: new Set(existing.user),
  };
  return entries.map(({ key, scope }) => {
    const keys = taken[scope];
    if (!keys.has(key)) {
      keys.add(key);
      return { key, scope, action: "create" };
    }
    if (conflict === "skip") return { key, scope, action: "skip" };
    if (conflict === "overwrite") return { key, scope, action: "overwrite" };
    let n = 2;
    while (keys.has(`${key}-${n}`)) n++;
    const as = `${key}-${n}`;
    keys.add(as);
    return { key, scope, action: "rename", as };
  });
}
