import type { StoreAddress } from "../stubs.ts";

/**
 * Live updates for the dashboard. Every clipboard object tells its user's hub
 * (the user object, which holds the browsers' WebSockets) which topics
 * changed; an open page re-renders when one of its topics does.
 *
 * Topics: `sessions` (the list: a session started, ended or was used),
 * `session:<handle>`, `project:<name>`, `user`, `agents`, `tokens`.
 */
export function topicOf(address: StoreAddress): string {
  return address.scope === "user" ? "user" : `${address.scope}:${address.name}`;
}

/** The tag the hub's WebSockets carry (`ctx.getWebSockets(DASHBOARD_SOCKETS)`). */
export const DASHBOARD_SOCKETS = "dashboard";

/**
 * Coalesces one object's changes: the first is sent at once, later ones
 * within `windowMs` go together at the end of the window, so a busy session
 * sends at most a few messages a second and a page is at most `windowMs` late.
 * Sending never blocks the caller and its failures are only logged: a missed
 * update costs a stale page, never a tool call.
 */
export class ChangeFeed {
  private pending = new Set<string>();
  private cooling = false;
  private readonly send: (topics: string[]) => Promise<unknown>;
  private readonly windowMs: number;

  constructor(send: (topics: string[]) => Promise<unknown>, windowMs = 250) {
    this.send = send;
    this.windowMs = windowMs;
  }

  changed(...topics: string[]): void {
    for (const topic of topics) this.pending.add(topic);
    if (!this.cooling) this.flush();
  }

  private flush(): void {
    if (this.pending.size === 0) {
      this.cooling = false;
      return;
    }
    const topics = [...this.pending];
    this.pending.clear();
    this.cooling = true;
    this.send(topics).catch((error) => console.error("edgeclip: live update not sent", error));
    setTimeout(() => this.flush(), this.windowMs);
  }
}
