/**
 * What an MCP server's definitions cost a conversation, in the two ways
 * clients load them (bench/README.md, "Two regimes"):
 * - up front (Claude.ai, the MCP Inspector): tools/list and the server's
 *   instructions, every tool's definition, in every conversation;
 * - deferred (Claude Code's tool search, on by default): the tool names, as
 *   `mcp__<server>__<tool>` lines, and the instructions in every conversation;
 *   then, the first time a tool is used, one ToolSearch call (written) whose
 *   answer is that tool's definition (read).
 * The costs DESIGN.md §5 bounds (≤ 3,000 up front, ≤ 500 a tool, ≤ 400 for
 * names and instructions) are these; tests hold them and `npm run bench:tokens` prints them.
 */

/** A tool as tools/list lists it (only the name is read here; the rest is counted). */
export interface ListedTool {
  name: string;
  [field: string]: unknown;
}

export interface DefinitionCosts {
  /** tools/list + instructions: what a conversation pays up front. */
  upFront: number;
  /** Each tool's definition: what a deferred load reads. */
  perTool: Record<string, number>;
  /** The tool names, as a deferring client lists them, and the instructions: what every conversation pays. */
  namesAndInstructions: number;
  /** The ToolSearch call that loads `tool` (written by the model). */
  search: (tool: string) => number;
  /** Everything the model was told in definitions: instructions and every tool's JSON. */
  text: string;
  /** The instructions and one tool's JSON: what a model knows of `tool` once it loaded it. */
  textOf: (tool: string) => string;
}

/** The name a deferring client (Claude Code) gives a server's tool. */
export const deferredName = (server: string, tool: string) => `mcp__${server}__${tool}`;

/** The ToolSearch call that loads one tool by name, as Claude Code's model writes it. */
export const searchCall = (server: string, tool: string) =>
  `ToolSearch${JSON.stringify({ query: `select:${deferredName(server, tool)}` })}`;

export function definitionCosts(
  server: string,
  tools: readonly ListedTool[],
  instructions: string,
  count: (text: string) => number,
): DefinitionCosts {
  const json = new Map(tools.map((t) => [t.name, JSON.stringify(t)]));
  const names = tools.map((t) => deferredName(server, t.name)).join("\n");
  return {
    upFront: count(JSON.stringify(tools)) + count(instructions),
    perTool: Object.fromEntries([...json].map(([name, text]) => [name, count(text)])),
    namesAndInstructions: count(names) + count(instructions),
    search: (tool) => count(searchCall(server, tool)),
    text: JSON.stringify(tools) + instructions,
    textOf: (tool) => `${instructions}\n${json.get(tool) ?? ""}`,
  };
}
