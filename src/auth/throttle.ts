/**
 * Sign-in throttling (issue 7), pure: one record per account and one per
 * address. A success clears it. Each failure counts; from the
 * `FREE_FAILURES`-th on, the key is locked for a delay that doubles per
 * further failure (1 min, 2 min, …, at most 1 h). Failures older than the
 * window are forgotten. Where records live is the caller's concern.
 */
export interface Attempts {
  failures: number;
  /** When the first counted failure happened (ms). */
  since: number;
  /** No attempt is accepted before this time (ms). */
  locked_until: number;
}

export const FREE_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
const FIRST_LOCK_MS = 60 * 1000;
const MAX_LOCK_MS = 60 * 60 * 1000;

export const NO_ATTEMPTS: Attempts = { failures: 0, since: 0, locked_until: 0 };

/** Milliseconds until another attempt is accepted (0: now). */
export function waitMs(attempts: Attempts, now: number): number {
  return Math.max(0, attempts.locked_until - now);
}

/** The record after a failed attempt at `now`. */
export function afterFailure(attempts: Attempts, now: number): Attempts {
  const fresh = now - attempts.since > WINDOW_MS && waitMs(attempts, now) === 0;
  const failures = fresh ? 1 : attempts.failures + 1;
  const since = fresh ? now : attempts.since;
  const over = failures - FREE_FAILURES;
  const lock = over < 0 ? 0 : Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** over);
  return { failures, since, locked_until: lock ? now + lock : 0 };
}
