import { isMainThread } from "node:worker_threads";
import pkg from "../package.json" with { type: "json" };
import { connect } from "./agent.ts";
import { parseCommand, USAGE } from "./args.ts";
import { log } from "./log.ts";
import { tuneForLongRun } from "./memory.ts";
import { login, logout } from "./pairing.ts";
import { describeStatuses, readStatuses, stateDir } from "./status.ts";

/**
 * The `edgeclip-agent` command. Output goes to stdout; logs and errors to
 * stderr. The packed agent is one file, which is also its compute thread's
 * script (compute/thread.ts): off the main thread, the command does nothing.
 */
if (isMainThread) await main();

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
      const statuses = readStatuses(stateDir());
      process.stdout.write(`${describeStatuses(statuses)}\n`);
      process.exitCode = statuses.length ? 0 : 1;
      break;
    }
    case "login":
      process.exitCode = await login(command.url, { name: command.name });
      break;
    case "logout":
      process.exitCode = await logout(command.url);
      break;
    case "connect":
      tuneForLongRun();
      process.exitCode = await connect(command);
      // A server that never answers the closing handshake does not keep the agent up.
      setTimeout(() => process.exit(), 1_000).unref();
      break;
    case "error":
      log(`${command.message}\nRun edgeclip-agent --help for usage.`);
      process.exitCode = 2;
      break;
  }
}
