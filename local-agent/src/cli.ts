import pkg from "../package.json" with { type: "json" };
import { parseCommand, USAGE } from "./args.ts";
import { log } from "./log.ts";
import { tuneForLongRun } from "./memory.ts";

/**
 * The `edgeclip-agent` command. Output goes to stdout; logs and errors to
 * stderr. Each command loads what it needs when it runs: `connect`
 * re-executes the process first (memory.ts), so the agent's modules (the
 * wire schemas above all) are evaluated once, in the process that stays,
 * not also in the one it replaces; the bundle keeps them lazy
 * (scripts/build-agent.ts).
 */
await main();

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  switch (command.command) {
    case "help":
      process.stdout.write(`${USAGE}\n`);
      break;
    case "version":
      process.stdout.write(`${pkg.version}\n`);
      break;
    case "status": {
      const { describeStatuses, readStatuses, stateDir } = await import("./status.ts");
      const statuses = readStatuses(stateDir());
      process.stdout.write(`${describeStatuses(statuses)}\n`);
      process.exitCode = statuses.length ? 0 : 1;
      break;
    }
    case "login": {
      const { login } = await import("./pairing.ts");
      process.exitCode = await login(command.url, { name: command.name });
      break;
    }
    case "logout": {
      const { logout } = await import("./pairing.ts");
      process.exitCode = await logout(command.url);
      break;
    }
    case "mcp": {
      const { relayStdio } = await import("./mcp-relay.ts");
      process.exitCode = await relayStdio(command.url);
      // A server that never answers the closing handshake does not keep the relay up.
      setTimeout(() => process.exit(), 1_000).unref();
      break;
    }
    case "connect": {
      tuneForLongRun();
      const { connect } = await import("./agent.ts");
      process.exitCode = await connect(command);
      // A server that never answers the closing handshake does not keep the agent up.
      setTimeout(() => process.exit(), 1_000).unref();
      break;
    }
    case "error":
      log(`${command.message}\nRun edgeclip-agent --help for usage.`);
      process.exitCode = 2;
      break;
  }
}
