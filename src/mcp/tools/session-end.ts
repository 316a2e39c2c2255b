import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { destructive } from "../annotations.ts";
import { type Caller, clipboardStub, sessionAddress } from "../caller.ts";
import { failure, guarded, success, toolConfig } from "../define-tool.ts";
import * as p from "../schemas.ts";

export function registerSessionEnd(server: McpServer, caller: Caller): void {
  server.registerTool(
    "session_end",
    toolConfig({
      title: "End a session",
      description:
        "End a session started with session_start: deletes its entries, history and todo list. Project and user entries stay.",
      annotations: destructive(),
      input: z.strictObject({
        session: p.session.unwrap().describe("The handle of the session to end."),
      }),
      receipt: true,
      output: z.object({
        session: z.string(),
        ended: z.literal(true),
        entries_deleted: z.number(),
      }),
    }),
    guarded("session_end", async (args) => {
      const address = sessionAddress(caller, args.session);
      const ended = await clipboardStub(address).end(address);
      if (!ended.ok) return failure(ended.error);
      return success({ session: args.session, ended: true, entries_deleted: ended.value.entries }, [
        `Ended session \`${args.session}\`; deleted ${ended.value.entries} entries.`,
      ]);
    }),
  );
}
