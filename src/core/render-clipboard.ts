import type { Scope } from "../shared/core/names.ts";
import { plural } from "../shared/core/text.ts";

export interface RenderedEntry {
  key: string;
  scope: Scope;
  description: string;
  lines: number;
  bytes: number;
  source: { kind: string; path?: unknown };
  updated_at: string;
  expires_at: string | null;
}

export interface ClipboardSnapshot {
  session: string;
  project: string;
  now: number;
  /** Newest first, at most `perScope` shown per scope. */
  entries: Record<Scope, RenderedEntry[]>;
  totals: Record<Scope, number>;
  todos: { id: number; text: string; done: boolean }[];
}

const SCOPE_TITLES: Record<Scope, string> = {
  session: "Session",
  project: "Project",
  user: "User",
};

/** "3 min ago", "2 h ago", "5 d ago". */
export function age(fromIso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(fromIso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} d ago`;
}

/** The clipboard as markdown, for the `clipboard://{session}` resource and the `clipboard` prompt. */
export function renderClipboard(snap: ClipboardSnapshot, perScope = 10): string {
  const out = [
    `# Clipboard — session \`${snap.session}\`, project \`${snap.project}\``,
    "",
    `Now: ${new Date(snap.now).toISOString()}`,
    "",
  ];
  for (const scope of ["session", "project", "user"] as const) {
    const entries = snap.entries[scope].slice(0, perScope);
    const total = snap.totals[scope];
    out.push(`## ${SCOPE_TITLES[scope]} (${total} ${total === 1 ? "entry" : "entries"})`);
    if (entries.length === 0) out.push("_empty_");
    for (const e of entries) {
      const source =
        e.source.kind === "file" && typeof e.source.path === "string"
          ? `file ${e.source.path}`
          : e.source.kind;
      const expiry = e.expires_at ? `, expires ${e.expires_at}` : "";
      out.push(
        `- \`${e.key}\` — ${plural(e.lines, "line")}, ${e.bytes} B, from ${source}, ${age(e.updated_at, snap.now)}${expiry}${e.description ? `: ${e.description}` : ""}`,
      );
    }
    if (total > entries.length) out.push(`- … and ${total - entries.length} more (list)`);
    out.push("");
  }
  out.push("## Todo");
  if (snap.todos.length === 0) out.push("_empty_");
  for (const t of snap.todos) out.push(`- [${t.done ? "x" : " "}] ${t.id}. ${t.text}`);
  return out.join("\n");
}
