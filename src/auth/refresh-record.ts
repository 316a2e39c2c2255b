/**
 * Refresh tokens used twice at once (docs/security.md, "Token lifetimes").
 * The OAuth library rotates refresh tokens and keeps the previous one valid,
 * but each refresh mints a new pair: two refreshes with the same token (Claude
 * refreshes from two places at once) leave one caller holding a refresh token
 * the other's refresh made obsolete, and its next refresh fails with
 * `invalid_grant`. This record makes a refresh with a given token happen once:
 * a second request with that token, while the first runs or within
 * `SHARED_MS` after, gets the first one's answer. Once the new refresh token
 * is itself used, the old one's answer is forgotten (and the library then
 * refuses the old token, as before). Pure, in memory only: answers hold
 * tokens, so they are never stored; a record lost with its object just means
 * the library's own rules apply.
 */
export const SHARED_MS = 60_000;
/** How long a refresh may run before another request with its token runs its own. */
export const RUNNING_MS = 10_000;

export interface RefreshAnswer {
  status: number;
  body: string;
}

type Record =
  | { state: "running"; client: string; until: number }
  | { state: "done"; client: string; answer: RefreshAnswer; successor: string; until: number };

export type Claim = { kind: "run" } | { kind: "wait" } | { kind: "answer"; answer: RefreshAnswer };

export class RefreshRecord {
  private readonly records = new Map<string, Record>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /**
   * A refresh with the token whose digest is `token`, by `client`: run it,
   * wait for the one under way, or take its answer. Using a token forgets the
   * answer that handed it out (its predecessor's).
   */
  claim(token: string, client: string): Claim {
    const now = this.now();
    for (const [key, record] of this.records) {
      if (record.until <= now || (record.state === "done" && record.successor === token))
        this.records.delete(key);
    }
    const record = this.records.get(token);
    // Another client's use of this token is the library's to refuse: never shared, never recorded.
    if (record && record.client !== client) return { kind: "run" };
    if (record?.state === "done") return { kind: "answer", answer: record.answer };
    if (record) return { kind: "wait" };
    this.records.set(token, { state: "running", client, until: now + RUNNING_MS });
    return { kind: "run" };
  }

  /** The refresh with `token` ended: share a successful answer (its new refresh token's digest: `successor`), else let the next one run. */
  settle(
    token: string,
    client: string,
    answer: RefreshAnswer | undefined,
    successor: string | undefined,
  ): void {
    if (this.records.get(token)?.client !== client) return;
    if (!answer || !successor) {
      this.records.delete(token);
      return;
    }
    this.records.set(token, {
      state: "done",
      client,
      answer,
      successor,
      until: this.now() + SHARED_MS,
    });
  }
}
