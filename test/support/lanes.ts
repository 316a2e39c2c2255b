import { inject } from "vitest";

/**
 * The test servers of a project, one per worker slot ("lane"): files that run
 * at the same time run in different slots, so each talks to a server (and, for
 * the agent's tests, an X display) no other running file uses, and files of
 * one slot run one after another. `VITEST_POOL_ID` is the slot, 1..maxWorkers.
 */
export interface Lane {
  url: string;
  /** The server's local credential. */
  token: string;
  /** The server's run (`EDGECLIP_LOCAL_BOOT`): its dashboard's host and key come from it. */
  boot: string;
  /** An X display for OS clipboard tests ("" without Xvfb). */
  display: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    lanes: Lane[];
  }
}

export function lane(): Lane {
  const lanes = inject("lanes");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  const chosen = lanes[(slot - 1) % lanes.length];
  if (!chosen) throw new Error("no test server: the project's global setup provides `lanes`");
  return chosen;
}
