import { dayOf, type SavingsRow } from "../session/savings-store.ts";

/** Tokens kept out on one day, over all sessions. */
export interface DayTotal {
  day: string;
  tokens: number;
}

/** The last `days` days up to `now`'s (UTC), oldest first, days without figures at 0. */
export function dailyTotals(rows: readonly SavingsRow[], now: number, days = 30): DayTotal[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.tokens);
  return Array.from({ length: days }, (_, i) => {
    const day = dayOf(now - (days - 1 - i) * 86_400_000);
    return { day, tokens: byDay.get(day) ?? 0 };
  });
}

/** Each session's total, largest first. */
export function sessionTotals(
  rows: readonly SavingsRow[],
): { session: string; tokens: number; calls: number }[] {
  const bySession = new Map<string, { session: string; tokens: number; calls: number }>();
  for (const row of rows) {
    const total = bySession.get(row.session) ?? { session: row.session, tokens: 0, calls: 0 };
    total.tokens += row.tokens;
    total.calls += row.calls;
    bySession.set(row.session, total);
  }
  return [...bySession.values()].sort(
    (a, b) => b.tokens - a.tokens || a.session.localeCompare(b.session),
  );
}

/** A bar per day, scaled so the largest fills `height`: what the page draws as SVG. */
export function barsOf(
  days: readonly DayTotal[],
  width: number,
  height: number,
): (DayTotal & { x: number; y: number; w: number; h: number })[] {
  const max = Math.max(1, ...days.map((d) => d.tokens));
  const slot = width / Math.max(1, days.length);
  return days.map((d, i) => {
    const h = d.tokens === 0 ? 0 : Math.max(1, Math.round((d.tokens / max) * height));
    return {
      ...d,
      x: Math.round(i * slot),
      y: height - h,
      w: Math.max(1, Math.floor(slot) - 2),
      h,
    };
  });
}
