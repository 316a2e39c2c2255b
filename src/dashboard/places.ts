import { topicOf } from "../session/change-feed.ts";
import { PROJECT_NAME, SESSION_HANDLE } from "../shared/core/names.ts";
import type { StoreAddress } from "../stubs.ts";

/**
 * A clipboard the dashboard shows, and where: `/session/<handle>`,
 * `/project/<name>` or `/user`. Built only from the viewer's own user id,
 * so a URL can never name another user's clipboard.
 */
export interface Place {
  address: StoreAddress;
  /** Its entries page; sub-pages hang below it (`/entry`, `/delete`, …). */
  path: string;
  /** The live-update topic its changes are announced under. */
  topic: string;
  title: string;
}

export function placeOf(user: string, kind: string, name = ""): Place | undefined {
  switch (kind) {
    case "session":
      if (!SESSION_HANDLE.test(name)) return undefined;
      return place({ user, scope: "session", name }, `/session/${name}`, `Session ${name}`);
    case "project":
      if (!PROJECT_NAME.test(name)) return undefined;
      return place({ user, scope: "project", name }, `/project/${name}`, `Project ${name}`);
    case "user":
      return place({ user, scope: "user", name: user }, "/user", "Your entries");
    default:
      return undefined;
  }
}

function place(address: StoreAddress, path: string, title: string): Place {
  return { address, path, topic: topicOf(address), title };
}
