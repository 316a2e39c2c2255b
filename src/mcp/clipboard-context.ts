import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DEFAULT_SESSION, SESSION_HANDLE } from "../shared/core/names.ts";
import { clipboardStub, sessionAddress, userAddress } from "../stubs.ts";
import { type Caller, runOperation } from "./caller.ts";
import { inert } from "./inert.ts";
import * as p from "./schemas.ts";

/** The clipboard as markdown, inert like every result (descriptions and todos may hold `{{ref:`). */
async function render(caller: Caller, handle: string): Promise<string> {
  const address = sessionAddress(caller, handle);
  const rendered = await runOperation(caller, address, "render", {});
  return rendered.ok
    ? inert(rendered.value.markdown)
    : `${rendered.error.code}: ${rendered.error.message}`;
}

/** The resource `clipboard://{session}` and the prompt `clipboard` that inserts it. */
export function registerClipboardContext(server: McpServer, caller: Caller): void {
  server.registerResource(
    "clipboard",
    new ResourceTemplate("clipboard://{session}", {
      list: async () => {
        const sessions = await clipboardStub(userAddress(caller)).listSessions(userAddress(caller));
        return {
          resources: [DEFAULT_SESSION, ...sessions.map((s) => s.handle)].map((handle) => ({
            uri: `clipboard://${handle}`,
            name: `clipboard ${handle}`,
            mimeType: "text/markdown",
          })),
        };
      },
    }),
    {
      title: "Clipboard",
      description:
        "A session's clipboard as markdown: entries by scope (newest 10 each) with source and age, the todo list, and the time now.",
      mimeType: "text/markdown",
    },
    async (uri, variables) => {
      const handle = String(variables.session ?? DEFAULT_SESSION);
      const text = SESSION_HANDLE.test(handle)
        ? await render(caller, handle)
        : `No session \`${handle}\`; use clipboard://default.`;
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
    },
  );
  server.registerPrompt(
    "clipboard",
    {
      title: "Insert clipboard",
      description:
        "Insert the session's clipboard (entries, todo list, date and time) into the conversation.",
      argsSchema: z.object({ session: p.session }),
    },
    async (args) => ({
      messages: [
        {
          role: "user" as const,
          content: {
            type: "text" as const,
            text: await render(caller, args.session ?? DEFAULT_SESSION),
          },
        },
      ],
    }),
  );
}
