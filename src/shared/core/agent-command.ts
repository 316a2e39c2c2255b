/**
 * How to start the local agent a server offers, said the same way by the
 * server (its help, the dashboard, tool messages) and by the agent.
 *
 * A server on this machine over plain http (`npm start`) listens on a port any
 * account can hold while it is down, so `npx http://127.0.0.1:8787/agent.tgz`
 * would run whatever that port's holder serves, as the user (issue 34 §3). The
 * agent of a local server is started from the checkout that runs it
 * (`npm run agent -- …`), which fetches nothing. A deployed server is reached
 * over https, whose certificate proves the tarball is its own.
 */

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a URL's host name is a loopback one (`127.0.0.1`, `localhost`, `[::1]`). */
export const isLoopbackHost = (hostname: string) => LOOPBACK.has(hostname.toLowerCase());

/** Whether a server URL names this machine (a loopback host). */
export function isLoopbackUrl(url: string): boolean {
  const host = URL.parse(url)?.hostname;
  return host !== undefined && isLoopbackHost(host);
}

/**
 * The command that runs `edgeclip-agent <args>` for `server`, and where to run
 * it: from the checkout for a local server over http, else the server's own
 * package over https.
 */
export function agentCommand(server: string, args: string): { command: string; where?: string } {
  const url = URL.parse(server);
  return url?.protocol === "http:" && isLoopbackHost(url.hostname)
    ? {
        command: `npm run agent -- ${args}`,
        where: "in the edgeclip checkout that runs this server",
      }
    : { command: `npx ${server}/agent.tgz ${args}` };
}

/** `agentCommand` for a message: the command in Markdown code, then where to run it. */
export function agentAdvice(server: string, args: string): string {
  const { command, where } = agentCommand(server, args);
  return where ? `\`${command}\` ${where}` : `\`${command}\``;
}

/** The same, for a message that does not know the server's URL. */
export const START_AGENT =
  "Start one on your machine: `npm run agent -- connect <server>` in the edgeclip checkout that runs a local server, or `npx <server>/agent.tgz connect <server>` for a deployed one (`<server>` is the server's URL).";

/** A word for a POSIX shell: as is when plain, else in double quotes (what `npm start` prints). */
export const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, "\\$1")}"`;

/**
 * The stdio command MCP clients run for a local server: `edgeclip-agent mcp
 * <server>` from the checkout (local-agent/src/cli.ts on the Node npm scripts
 * use), which relays MCP once the server has proved it holds the local
 * credential, and never sends it (issue 34 §2). `node` and `checkout` are
 * absolute paths; a caller that does not know them passes placeholders.
 */
export function mcpRelayCommand(server: string, node: string, checkout: string): string {
  const cli = checkout.startsWith("<")
    ? `${checkout}/local-agent/src/cli.ts`
    : shellWord(`${checkout}/local-agent/src/cli.ts`);
  return `${node.startsWith("<") ? node : shellWord(node)} ${cli} mcp ${server}`;
}
