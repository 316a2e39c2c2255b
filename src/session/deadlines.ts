import { LIMITS } from "../shared/core/limits.ts";
import { DEFAULT_SESSION } from "../shared/core/names.ts";
import type { ObjectState } from "./object-state.ts";

/**
 * A session object's deadlines and its one alarm. Deadlines live in SQLite
 * (`entries.expires_at`, `purge_at`, and for a session `meta.last_used_at`);
 * one alarm is armed at the earliest and re-armed after each run. Alarms are
 * at-least-once, so every step is idempotent.
 */
export class Deadlines {
  private readonly state: ObjectState;

  constructor(state: ObjectState) {
    this.state = state;
  }

  /** The earliest deadline: an entry's expiry or purge, or (for a session) idle expiry. */
  next(): number | null {
    const times = [this.state.clipboard.entries.nextDeadline(), this.idle()].filter(
      (t): t is number => t !== null,
    );
    return times.length ? Math.min(...times) : null;
  }

  /** When a session other than `default` ends for want of use. */
  idle(): number | null {
    const address = this.state.address;
    const lastUsed = this.state.meta.number("last_used_at");
    if (address?.scope !== "session" || address.name === DEFAULT_SESSION || lastUsed === undefined)
      return null;
    return lastUsed + LIMITS.sessionIdleMs;
  }

  /**
   * Keeps one alarm armed at or before the earliest deadline. An alarm already
   * armed earlier is left alone: when it runs it re-arms at the true deadline,
   * so a busy session does not rewrite its alarm on every call.
   */
  async arm(): Promise<void> {
    const storage = this.state.storage;
    const next = this.next();
    const current = await storage.getAlarm();
    if (next === null) {
      if (current !== null) await storage.deleteAlarm();
      return;
    }
    if (current === null || next < current) await storage.setAlarm(next);
  }

  /**
   * The alarm's run: an idle session is wiped (`wipe`); otherwise entries past
   * their expiry are marked and those past their purge deleted (`changed` when
   * any was), and the alarm is armed at the next deadline.
   */
  async run(wipe: () => Promise<void>, changed: () => void): Promise<void> {
    const state = this.state;
    const now = state.now();
    state.address ??= state.storedAddress();
    if (!state.address) return; // wiped, or never used: nothing to do
    const idle = this.idle();
    if (idle !== null && idle <= now) {
      await wipe();
      return;
    }
    const entries = state.clipboard.entries;
    const count = state.storage.transactionSync(
      () => entries.expireDue(now) + entries.purgeDue(now).length,
    );
    if (count > 0) changed();
    const next = this.next();
    if (next === null) await state.storage.deleteAlarm();
    else await state.storage.setAlarm(Math.max(next, now + 1));
  }
}
