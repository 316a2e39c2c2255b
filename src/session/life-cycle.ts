import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import { DEFAULT_PROJECT, DEFAULT_SESSION } from "../shared/core/names.ts";
import { clipboardStub, type StoreAddress, userAddress } from "../stubs.ts";
import { type ChangeFeed, topicOf } from "./change-feed.ts";
import type { Deadlines } from "./deadlines.ts";
import type { ObjectState } from "./object-state.ts";
import { SavingsStore } from "./savings-store.ts";
import type { SessionInfo } from "./session-registry.ts";

/**
 * A session's life: the `default` session starts itself, any other is
 * started by the session tool (and registered with the user object); each use
 * pushes back its idle expiry; ending it, or expiry, wipes it and moves its
 * savings figures to the user.
 */
export class SessionLife {
  private readonly state: ObjectState;
  private readonly deadlines: Deadlines;
  private readonly feed: ChangeFeed;

  constructor(state: ObjectState, deadlines: Deadlines, feed: ChangeFeed) {
    this.state = state;
    this.deadlines = deadlines;
    this.feed = feed;
  }

  /**
   * Opens the session for a tool call: the `default` session starts itself, any
   * other must have been started by the session tool. Records the use, which
   * pushes back idle expiry.
   */
  async open(address: StoreAddress): Promise<Outcome<void>> {
    const { state } = this;
    if (address.scope !== "session") throw new Error("not a session address");
    if (state.meta.get("started_at") === undefined) {
      // Answered before `bind`, so an unknown handle leaves no storage behind.
      if (address.name !== DEFAULT_SESSION) {
        return fail(
          "UNKNOWN_SESSION",
          `Unknown session \`${address.name}\`: it was never started, was ended, or expired after 24 h without use. Omit \`session\` to use your default session, or start a new one with the session tool (action start).`,
        );
      }
      state.bind(address);
      state.meta.set("started_at", state.now());
      state.meta.set("project", DEFAULT_PROJECT);
    }
    state.bind(address);
    // Idle expiry counts in hours; recording use once a minute spares a write per call.
    const now = state.now();
    if (now - (state.meta.number("last_used_at") ?? 0) >= 60_000) {
      state.meta.set("last_used_at", now);
      await this.deadlines.arm(); // the idle deadline moved
    }
    return ok(undefined);
  }

  /** Marks a freshly minted session as started and registers it with the user. */
  async start(address: StoreAddress, project: string, description: string): Promise<SessionInfo> {
    const { state } = this;
    state.bind(address);
    const now = state.now();
    state.meta.set("started_at", now);
    state.meta.set("last_used_at", now);
    state.meta.set("project", project);
    await this.deadlines.arm();
    const info: SessionInfo = { handle: address.name, project, description, created_at: now };
    const user = userAddress({ user: address.user });
    await clipboardStub(user).registerSession(user, info);
    this.feed.changed("sessions");
    return info;
  }

  /** Deletes everything this session holds, its alarm, and its registry row. */
  async end(address: StoreAddress): Promise<Outcome<{ entries: number }>> {
    if (address.name === DEFAULT_SESSION) {
      return fail(
        "SESSION_PROTECTED",
        'The `default` session cannot be ended. Use update action "clear" to empty it.',
      );
    }
    const opened = await this.open(address);
    if (!opened.ok) return opened;
    const entries = this.state.clipboard.entries.count();
    await this.wipe();
    return ok({ entries });
  }

  /** Empties this object (storage and alarm); a session also leaves the user's registry. */
  async wipe(): Promise<void> {
    const { state } = this;
    const address = state.address;
    const savings = new SavingsStore(state.sql).all();
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
    state.prepare();
    if (address?.scope === "session") {
      const user = userAddress({ user: address.user });
      const stub = clipboardStub(user);
      await stub.unregisterSession(user, address.name);
      // The tokens it kept out stay in the user's figures.
      if (savings.length) await stub.keepSavings(user, savings);
      this.feed.changed("sessions", topicOf(address));
    }
  }
}
