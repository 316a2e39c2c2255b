import { type Outcome, ok } from "../../shared/core/errors.ts";
import { clipboardStub, sessionAddress } from "../../stubs.ts";
import type { Caller } from "../caller.ts";

export interface SessionEnded {
  session: string;
  ended: true;
  entries_deleted: number;
}

/** Ends a session: deletes its entries, history and todo list. */
export async function endSession(caller: Caller, handle: string): Promise<Outcome<SessionEnded>> {
  const address = sessionAddress(caller, handle);
  const ended = await clipboardStub(address).end(address);
  if (!ended.ok) return ended;
  return ok({ session: handle, ended: true, entries_deleted: ended.value.entries });
}

export const endedText = (v: SessionEnded) =>
  `Ended session \`${v.session}\`; deleted ${v.entries_deleted} entries.`;
