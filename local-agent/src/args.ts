import { hostname } from "node:os";
import { parseArgs } from "node:util";
import pkg from "../package.json" with { type: "json" };

/** `--help`: also the README's usage section (local-agent/README.md), kept word for word. */
export const USAGE = `edgeclip-agent ${pkg.version}: the edgeclip local agent. It reads and edits
files inside its roots and uses your OS clipboard, on request from your
edgeclip server, over one outgoing WebSocket.

Usage
  edgeclip-agent connect <url> [options]   connect to the server and serve it
  edgeclip-agent login <url> [--name NAME] pair this machine with a server that
                                           requires sign-in
  edgeclip-agent logout <url>              revoke that pairing and forget it
  edgeclip-agent mcp <url>                 a stdio MCP server for your MCP clients
                                           (Claude Code, the MCP Inspector) on a
                                           server on this machine: it relays to
                                           the server once the server has proved
                                           it holds your local credential
  edgeclip-agent status                    show the agents running on this machine
  edgeclip-agent --help | --version

  <url>  the server, e.g. http://127.0.0.1:8787 (its /mcp URL works too)

Options for connect
  --root DIR       a directory the agent may read and edit (repeatable);
                   default: the current directory, unless that is your home
                   directory, one above it, or / (give --root then; given,
                   they are served with a warning). Relative paths start at
                   the first root.
  --name NAME      this agent's name, for the \`agent\` parameter of tools
                   (default: <first root's name>@<host name>)
  --project NAME   the workspace name: the project scope of sessions started
                   while this agent is connected (default: first root's name)
  --read-only      read files, never write them
  --deny GLOB      also refuse what GLOB matches (repeatable): a name at
                   any depth (secrets, *.sqlite), a path from the root or
                   the current directory (conf/secrets), **/ first for
                   anywhere, or an absolute path; links on a path are
                   followed as for --root. A directory covers everything
                   under it. * ? ** [a-z] {a,b}; case and leading dots do not
                   matter.
  --allow-build-code DIR
                   let a move's build check run the project's own code for
                   the root DIR (repeatable): cargo's build scripts and
                   procedural macros, and the programs a .cargo/config.toml
                   names. Without it such a move says "not checked", and
                   no code of the project runs.
  --verbose        log every request

Always refused, whatever the roots: .git, .env*; private keys (*.pem, *.key,
*.p12, *.pfx, *.p8, *.ppk, id_rsa, id_ecdsa, id_ed25519, …, their copies such
as id_rsa.bak or key.pem~, and any file that starts with a private key; *.pub
is served outside these directories); credentials (.ssh/, .gnupg/, .aws/,
.azure/, .kube/, gcloud's, .docker/config.json, .npmrc, .netrc, .pypirc,
.git-credentials, .pgpass, .my.cnf, …); and edgeclip's own config and state
directories.

Options for login
  --name NAME      the name the server lists this pairing under
                   (default: <host name>)

A server on this machine (npm start) needs no login. A deployed one does:
login shows a link to open and a code to check there, waits for your
approval, then keeps the token in credentials.json (mode 0600) in
EDGECLIP_CONFIG_DIR, default ~/.config/edgeclip (%APPDATA%\\edgeclip on
Windows); connect sends it.

Logs go to stderr. The agent reconnects with backoff when the connection
drops; a call made meanwhile waits a few seconds for it. Its journal (in
EDGECLIP_STATE_DIR, default ~/.local/state/edgeclip, its user's alone: 0700)
finishes or undoes a write that a crash interrupted, when it next starts.`;

export type Command =
  | { command: "help" }
  | { command: "version" }
  | { command: "status" }
  | { command: "login"; url: string; name: string | undefined }
  | { command: "logout"; url: string }
  | { command: "mcp"; url: string }
  | {
      command: "connect";
      url: string;
      roots: string[];
      name: string | undefined;
      project: string | undefined;
      readOnly: boolean;
      deny: string[];
      buildCode: string[];
      verbose: boolean;
    }
  | { command: "error"; message: string };

/** Parses the command line (without `node` and the script). */
export function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return { command: "error", message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const [command, ...rest] = positionals;
  switch (command) {
    case undefined:
      return { command: "help" };
    case "status":
      return rest.length
        ? { command: "error", message: "`status` takes no arguments." }
        : { command: "status" };
    case "login":
    case "logout":
    case "mcp": {
      const problem =
        oneUrl(command, rest) ?? onlyOptions(command, values, command === "login" ? ["name"] : []);
      if (problem) return { command: "error", message: problem };
      return command === "login"
        ? { command, url: rest[0] ?? "", name: values.name }
        : { command, url: rest[0] ?? "" };
    }
    case "connect": {
      const problem = oneUrl(command, rest);
      if (problem) return { command: "error", message: problem };
      return {
        command: "connect",
        url: rest[0] ?? "",
        roots: values.root ?? [],
        name: values.name,
        project: values.project,
        readOnly: values["read-only"] ?? false,
        deny: values.deny ?? [],
        buildCode: values["allow-build-code"] ?? [],
        verbose: values.verbose ?? false,
      };
    }
    default:
      return { command: "error", message: `Unknown command \`${command}\`.` };
  }
}

/** Why `rest` is not the one server URL `command` takes, if it is not. */
function oneUrl(command: string, rest: string[]): string | undefined {
  if (rest.length === 1) return undefined;
  return `\`${command}\` takes one server URL, e.g. edgeclip-agent ${command} http://127.0.0.1:8787`;
}

/** Why `values` hold an option `command` does not take, if they do. */
function onlyOptions(
  command: string,
  values: ReturnType<typeof parse>["values"],
  allowed: string[],
): string | undefined {
  const other = Object.keys(values).find((option) => !allowed.includes(option));
  return other === undefined ? undefined : `\`${command}\` takes no --${other}.`;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      root: { type: "string", multiple: true },
      name: { type: "string" },
      project: { type: "string" },
      "read-only": { type: "boolean" },
      deny: { type: "string", multiple: true },
      "allow-build-code": { type: "string", multiple: true },
      verbose: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

/**
 * The bridge's WebSocket URL for a server URL: http(s) becomes ws(s), and a
 * trailing `/mcp` (the URL users have at hand) is replaced by `/bridge`; and
 * `/relay`'s, where `edgeclip-agent mcp` relays MCP to a local server.
 */
export function bridgeUrl(
  server: string,
): { server: string; bridge: string; relay: string } | undefined {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return undefined;
  }
  const scheme = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" }[url.protocol];
  if (!scheme) return undefined;
  const base = url.pathname.replace(/\/(mcp|bridge|relay)?\/?$/, "");
  const http = { "ws:": "http:", "wss:": "https:" }[scheme];
  const ws = `${scheme}//${url.host}${base}`;
  return { server: `${http}//${url.host}${base}`, bridge: `${ws}/bridge`, relay: `${ws}/relay` };
}

/** This machine's host name, without its domain: part of the agents' default names. */
export function shortHostname(): string {
  return hostname().split(".")[0] ?? "";
}

/** A name or project made of the allowed characters: others become `-`. */
export function tidyName(raw: string, extra = ""): string {
  const allowed = new RegExp(`[^A-Za-z0-9._${extra}-]+`, "g");
  const name = raw
    .replace(allowed, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 64);
  return name || "workspace";
}
