import { spawnSync } from "node:child_process";
import path from "node:path";
import { getEncoding } from "js-tiktoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionCosts } from "../../bench/definitions.ts";
import {
  type AnyClient,
  authHeaders,
  call,
  connectV1,
  connectV2,
  expectToolError,
  mcpUrl,
  ok,
  sessionSnapshot,
  startSession,
  unique,
} from "./clients.ts";

/**
 * The toolset (issue 15 §2, issue 44): eight verbs, every capability of 0.4.0's
 * 25 tools and 0.8.0's eleven reachable through them.
 */
const TOOLS = ["read", "copy", "paste", "move", "undo", "list", "update", "session"];

/** 0.4.0's names that are gone, with no aliases (they would cost tokens in every conversation). */
const OLD_NAMES = [
  "redo",
  "clipboard_list",
  "clipboard_get",
  "clipboard_update",
  "clipboard_delete",
  "clipboard_clear",
  "clipboard_swap",
  "clipboard_search",
  "clipboard_tag",
  "clipboard_export",
  "clipboard_import",
  "history",
  "todo",
  "session_start",
  "session_list",
  "session_end",
  "os_clipboard_get",
  "os_clipboard_set",
  "agents_list",
  "cut",
  "transfer",
  "agents",
];

interface Todo {
  id: number;
  text: string;
  done: boolean;
}

describe("tool catalogue", () => {
  it.each([
    ["v1", connectV1],
    ["v2", connectV2],
  ] as const)(
    "lists every tool with a title, annotations and a strict input schema (%s client)",
    async (_era, connect) => {
      const client = await connect();
      try {
        const { tools } = await client.listTools();
        const byName = new Map(tools.map((t) => [t.name, t]));
        for (const name of TOOLS) {
          const tool = byName.get(name);
          expect(tool, `tool ${name}`).toBeDefined();
          expect(tool?.title ?? tool?.annotations?.title, `${name} title`).toBeTruthy();
          expect(tool?.description, `${name} description`).toBeTruthy();
          // Claude's connector review: readOnlyHint: true or destructiveHint: true, on every tool
          // (a hint left out is the spec's default: readOnlyHint false, destructiveHint true).
          expect(
            tool?.annotations?.readOnlyHint === true || tool?.annotations?.destructiveHint === true,
            `${name} sets neither readOnlyHint: true nor destructiveHint: true`,
          ).toBe(true);
          expect(tool?.inputSchema.type).toBe("object");
          expect(tool?.inputSchema.additionalProperties, `${name} takes unknown parameters`).toBe(
            false,
          );
        }
        expect(tools.map((t) => t.name)).toEqual(TOOLS);
        for (const name of OLD_NAMES) expect(byName.has(name), `old name ${name}`).toBe(false);
        for (const name of ["read", "list"])
          expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
        for (const name of ["copy", "paste", "move", "undo", "update", "session"]) {
          expect(byName.get(name)?.annotations?.destructiveHint, name).toBe(true);
          expect(byName.get(name)?.annotations?.readOnlyHint, name).toBeUndefined();
        }
        // Results carry structuredContent, but no tool lists an outputSchema: each costs
        // tokens in every conversation, and a model reads the text.
        for (const tool of tools)
          expect(tool.outputSchema, `${tool.name} outputSchema`).toBeUndefined();
        const copied = await client.callTool({ name: "copy", arguments: { text: "x" } });
        expect(copied.structuredContent).toMatchObject({ key: expect.any(String), bytes: 1 });
      } finally {
        await client.close();
      }
    },
  );

  it("keeps its definitions within DESIGN.md §5's budgets, in both ways clients load them, at most 12 tools", async () => {
    const client = await connectV1();
    try {
      const { tools } = await client.listTools();
      const instructions = client.getInstructions() ?? "";
      expect(instructions.length, "the server sends instructions").toBeGreaterThan(0);
      // Claude's tokenizer is not public: o200k is the proxy (as in PLATFORM.md).
      const o200k = getEncoding("o200k_base");
      const cost = definitionCosts("edgeclip", tools, instructions, (t) => o200k.encode(t).length);
      // Loaded up front (Claude.ai, the Inspector): tools/list and the instructions.
      expect(
        cost.upFront,
        `tools/list + instructions is ${cost.upFront} o200k tokens`,
      ).toBeLessThanOrEqual(3_000);
      // Deferred (Claude Code's tool search): the names and instructions in every conversation…
      expect(
        cost.namesAndInstructions,
        `tool names + instructions is ${cost.namesAndInstructions} o200k tokens`,
      ).toBeLessThanOrEqual(400);
      // …and one tool's definition when it is first used.
      for (const [name, tokens] of Object.entries(cost.perTool))
        expect(tokens, `${name}'s definition is ${tokens} o200k tokens`).toBeLessThanOrEqual(500);
      expect(tools.length).toBeLessThanOrEqual(12);
      for (const tool of tools) {
        expect(JSON.stringify(tool), `${tool.name} lists $schema`).not.toContain("$schema");
        expect(JSON.stringify(tool), `${tool.name} lists safe-integer bounds`).not.toContain(
          "9007199254740991",
        );
      }
      // (history, todo and redo live on as actions and a flag, so only the compound names are checked.)
      for (const name of OLD_NAMES.filter((n) => n.includes("_")))
        expect(instructions, `the instructions name ${name}`).not.toMatch(
          new RegExp(`\\b${name}\\b`),
        );
    } finally {
      await client.close();
    }
  });
});

describe("schemas every client accepts", () => {
  it("passes the MCP Inspector's --strict portability check of tools/list with no finding", () => {
    const bin = path.join(import.meta.dirname, "..", "..", "node_modules", ".bin", "mcp-inspector");
    const [header, value] = Object.entries(authHeaders())[0] ?? ["", ""];
    const run = spawnSync(
      bin,
      [
        ...["--cli", "--strict", "--method", "tools/list", "--transport", "http"],
        ...["--server-url", mcpUrl().href, "--header", `${header}: ${value}`],
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/Error:|Warning:/);
  });
});

describe("todo list, clipboard resource and prompt", () => {
  let v1: AnyClient;
  let v2: AnyClient;
  let session: string;
  beforeAll(async () => {
    v1 = await connectV1();
    v2 = await connectV2();
    session = await startSession(v1, { project: unique("ctx") });
  });
  afterAll(async () => {
    await call(v1, "session", { action: "end", session });
    await v1.close();
    await v2.close();
  });

  it("adds, completes, lists and clears todo items", async () => {
    const first = await ok<{ todos: Todo[] }>(v1, "session", {
      session,
      action: "todo_add",
      text: "write the parser",
    });
    expect(first.todos).toEqual([
      { id: expect.any(Number), text: "write the parser", done: false },
    ]);
    const second = await ok<{ todos: Todo[] }>(v1, "session", {
      session,
      action: "todo_add",
      text: "test the parser",
    });
    expect(second.todos.map((t) => t.text)).toEqual(["write the parser", "test the parser"]);
    const id = second.todos[0]?.id;

    const done = await ok<{ todos: Todo[] }>(v2, "session", { session, action: "todo_done", id });
    expect(done.todos.find((t) => t.id === id)?.done).toBe(true);
    const listed = await ok<{ todos: Todo[] }>(v2, "session", { session, action: "todo" });
    expect(listed.todos.map((t) => [t.text, t.done])).toEqual([
      ["write the parser", true],
      ["test the parser", false],
    ]);

    expectToolError(
      await call(v1, "session", { session, action: "todo_add" }),
      "INVALID_ARGUMENT",
      ["`text`"],
    );
    expectToolError(
      await call(v1, "session", { session, action: "todo_done", id: 9999 }),
      "INVALID_ARGUMENT",
      ["`id`"],
    );

    const clearedDone = await ok<{ todos: Todo[]; cleared: number }>(v1, "session", {
      session,
      action: "todo_clear",
      done_only: true,
    });
    expect(clearedDone.cleared).toBe(1);
    expect(clearedDone.todos.map((t) => t.text)).toEqual(["test the parser"]);
    const clearedAll = await ok<{ todos: Todo[]; cleared: number }>(v1, "session", {
      session,
      action: "todo_clear",
    });
    expect(clearedAll).toEqual({ todos: [], cleared: 1 });
  });

  it("renders the session's clipboard and todo list as the clipboard://{session} resource", async () => {
    await ok(v1, "copy", {
      session,
      key: "res-entry",
      text: "a\nb\n",
      description: "shown in the resource",
    });
    const projectKey = unique("res-project");
    await ok(v1, "copy", { session, key: projectKey, text: "p\n", scope: "project" });
    const { todos } = await ok<{ todos: Todo[] }>(v1, "session", {
      session,
      action: "todo_add",
      text: "ship it",
    });
    const todoId = todos.find((t) => t.text === "ship it")?.id;

    for (const client of [v1, v2]) {
      const { contents } = await client.readResource({ uri: `clipboard://${session}` });
      expect(contents).toHaveLength(1);
      const content = contents[0] as { uri: string; mimeType?: string; text?: string };
      expect(content.uri).toBe(`clipboard://${session}`);
      expect(content.mimeType).toBe("text/markdown");
      const text = content.text ?? "";
      expect(text).toContain(`session \`${session}\``);
      expect(text).toMatch(
        /## Session \(1 entry\)\n- `res-entry` — 2 lines, 4 B, from text, \d+ s ago: shown in the resource/,
      );
      expect(text).toMatch(new RegExp(`## Project \\(1 entry\\)\\n- \`${projectKey}\``));
      expect(text).toContain(`- [ ] ${todoId}. ship it`);
      const now = /Now: (\S+)/.exec(text)?.[1] ?? "";
      expect(Math.abs(Date.parse(now) - Date.now())).toBeLessThan(60_000);
    }
    await ok(v1, "update", { session, action: "delete", key: projectKey, scope: "project" });
  });

  it("offers the resource for the session in resources/list", async () => {
    const { resources } = await v1.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain("clipboard://default");
    expect(uris).toContain(`clipboard://${session}`);
  });

  it("inserts the same clipboard with the clipboard prompt", async () => {
    for (const client of [v1, v2]) {
      const prompt = await client.getPrompt({ name: "clipboard", arguments: { session } });
      expect(prompt.messages).toHaveLength(1);
      const message = prompt.messages[0] as {
        role: string;
        content: { type: string; text?: string };
      };
      expect(message.role).toBe("user");
      expect(message.content.type).toBe("text");
      expect(message.content.text).toContain(`session \`${session}\``);
      expect(message.content.text).toContain("`res-entry`");
      expect(message.content.text).toContain("ship it");
    }
  });
});

describe("tools that need the local agent, on a server no agent has joined", () => {
  let client: AnyClient;
  let session: string;
  beforeAll(async () => {
    client = await connectV2();
    session = await startSession(client);
    await ok(client, "copy", { session, key: "untouched", text: "as before\n" });
  });
  afterAll(async () => {
    await call(client, "session", { action: "end", session });
    await client.close();
  });

  it("lists no connected agents", async () => {
    const listed = await call(client, "session", { action: "agents" });
    expect(listed.isError).toBeFalsy();
    expect(listed.data).toEqual({ agents: [], refused: [] });
    expect(listed.text).toContain("/agent.tgz connect");
    // A local server's agent comes from its checkout, never a tarball on a port anyone can hold.
    expect(listed.text).toContain("`npm run agent -- connect <server>` in the edgeclip checkout");
  });

  it("answers AGENT_NOT_CONNECTED, saying what needed the agent, and changes nothing", async () => {
    const before = await sessionSnapshot(client, session);
    const cases: [string, Record<string, unknown>, string][] = [
      ["read", { from: "os:" }, "Reading the OS clipboard"],
      ["paste", { text: "hi", to: "os:" }, "Writing the OS clipboard"],
      ["copy", { from: "src/index.ts:1-3", key: "untouched" }, "`src/index.ts`"],
      ["copy", { from: "os:", key: "from-os" }, "Reading the OS clipboard"],
      ["read", { from: "src/index.ts" }, "`src/index.ts`"],
      ["copy", { from: "src/index.ts:1", cut: true }, "`src/index.ts`"],
      ["paste", { from: "@untouched", to: "out.ts" }, "`out.ts`"],
      ["paste", { from: "@untouched", to: "os:" }, "Writing the OS clipboard"],
      ["update", { action: "export", path: "out.json" }, "`out.json`"],
      ["update", { action: "import", path: "in.json" }, "`in.json`"],
    ];
    for (const [tool, args, what] of cases) {
      expectToolError(await call(client, tool, { session, ...args }), "AGENT_NOT_CONNECTED", [
        what,
        "/agent.tgz connect",
      ]);
    }
    expect(await sessionSnapshot(client, session)).toEqual(before);
    const history = await ok<{ operations: unknown[] }>(client, "session", {
      session,
      action: "history",
    });
    expect(history.operations).toHaveLength(1); // only the copy of "untouched"
  });

  it("answers NOTHING_TO_UNDO for undo and redo in a session with no file operation", async () => {
    expectToolError(await call(client, "undo", { session }), "NOTHING_TO_UNDO", ["undo"]);
    expectToolError(await call(client, "undo", { session, redo: true }), "NOTHING_TO_UNDO", [
      "redo",
    ]);
  });
});
