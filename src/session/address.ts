import type { Scope } from "../shared/core/names.ts";

/**
 * Which clipboard a Durable Object holds. Passed with every call so the object
 * knows its own identity (and refuses a call meant for another).
 */
export interface StoreAddress {
  user: string;
  scope: Scope;
  /** Session handle, project name, or the user id again for the user scope. */
  name: string;
}
