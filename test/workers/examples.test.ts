import { evictDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import tools from "../../docs/tools.md?raw";
import readme from "../../README.md?raw";
import { LOCAL_USER } from "../../src/auth/identity.ts";
import instructionsSource from "../../src/mcp/server.ts?raw";
import { TOOL_NAMES } from "../../src/mcp/tools/index.ts";
import { asLocalUser } from "./helpers.ts";
import { bridgeOf } from "./test-agent.ts";

/**
 * Every tool call the README and docs/tools.md show, and every locator the server's
 * instructions show, is one a model can copy and have accepted: run here
 * through the MCP endpoint. Examples are the README's code-block lines
 * `<tool> {json arguments}`. A call may still fail for what is not there
 * (no local agent, no such entry): only a refusal of the call itself, an
 * INVALID_ARGUMENT or a schema error, fails this test.
 */
const EXAMPLE = new RegExp(`^(${TOOL_NAMES.join("|")}) (\\{.*\\})$`);

function examples(
  markdown: string,
): { tool: string; args: Record<string, unknown>; line: string }[] {
  const found = [];
  let inBlock = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      inBlock = !inBlock;
      continue;
    }
    const m = inBlock ? EXAMPLE.exec(line.trim()) : null;
    if (m?.[1] && m[2]) found.push({ tool: m[1], args: JSON.parse(m[2]), line: line.trim() });
  }
  return found;
}

let id = 0;
async function callTool(name: string, args: Record<string, unknown>) {
  const response = await asLocalUser.fetch(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: {
        host: "127.0.0.1",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: ++id,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    }),
  );
  const raw = await response.text();
  const json = raw.startsWith("{") ? raw : (/^data: (.*)$/m.exec(raw)?.[1] ?? raw);
  return JSON.parse(json) as {
    result?: { isError?: boolean; content: { text: string }[] };
    error?: { message: string };
  };
}

/** The instructions' text, as the server sends it. */
const instructions =
  /const INSTRUCTIONS = `([\s\S]*?)`;/.exec(instructionsSource)?.[1]?.replaceAll("\\`", "`") ?? "";

describe("README, docs/tools.md and instructions examples", () => {
  // Earlier files' agents of the local user left moments ago, and a call would wait
  // RETURN_WAIT_MS for one to come back (bridge.test.ts tests that). The bridge forgets them
  // when it is evicted, as after any idle spell; its sockets hibernate and stay.
  beforeAll(async () => {
    const bridge = bridgeOf(LOCAL_USER);
    await bridge.agents(); // evicting needs it running
    await evictDurableObject(bridge, { webSockets: "hibernate" });
  });

  const front = examples(readme);
  const all = [...front, ...examples(tools)];

  it("shows every tool at least once, on the front page and in the reference", () => {
    expect(new Set(front.map((e) => e.tool))).toEqual(new Set(TOOL_NAMES));
    expect(new Set(examples(tools).map((e) => e.tool))).toEqual(new Set(TOOL_NAMES));
  });

  for (const example of all)
    it(`accepts ${example.line.slice(0, 100)}`, async () => {
      const answer = await callTool(example.tool, example.args);
      expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
      const text = answer.result?.content.map((c) => c.text).join("\n") ?? "";
      expect(text).not.toMatch(/INVALID_ARGUMENT|validation error|Invalid arguments/i);
    });

  it("accepts every locator and the object form the instructions show", async () => {
    const locators = [
      ...instructions.matchAll(
        /`((?:[\w./-]+(?:#[\w.]+|:\d+(?:-\d+)?)?)|@\w+(?::\d+-\d+)?|r\d+:\d+-\d+|os:)`/g,
      ),
    ]
      .map((m) => m[1] as string)
      .filter((l) => /[./:#@]/.test(l));
    expect(locators.length).toBeGreaterThanOrEqual(6);
    const object = JSON.parse(/(\{"path": .*?\})/.exec(instructions)?.[1] ?? "null");
    expect(object).toMatchObject({ path: expect.any(String) });
    const answer = await callTool("read", { from: [...locators, object] });
    const text = answer.result?.content.map((c) => c.text).join("\n") ?? "";
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
    expect(text).not.toMatch(/INVALID_ARGUMENT|validation error|Invalid arguments/i);
  });
});
