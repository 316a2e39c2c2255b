/**
 * `npm run user:add -- NAME [--url URL]`: creates an account on an edgeclip
 * server that requires sign-in, through its setup endpoint (POST /setup/users).
 * The server must have the EDGECLIP_SETUP_SECRET secret; give the same value
 * in this command's environment. The passphrase is asked for (hidden), or read
 * from EDGECLIP_PASSPHRASE, or from stdin when it is not a terminal.
 *
 *   EDGECLIP_SETUP_SECRET=… npm run user:add -- alice --url https://edgeclip.example.workers.dev
 */
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: "string", default: "http://127.0.0.1:8787" } },
});
const name = positionals[0];
const secret = process.env.EDGECLIP_SETUP_SECRET;
if (!name || positionals.length > 1) fail("usage: npm run user:add -- NAME [--url URL]");
if (!secret)
  fail(
    "set EDGECLIP_SETUP_SECRET to the server's setup secret (wrangler secret put EDGECLIP_SETUP_SECRET).",
  );

const passphrase = process.env.EDGECLIP_PASSPHRASE ?? (await askPassphrase());
const url = new URL("/setup/users", values.url);
const response = await fetch(url, {
  method: "POST",
  headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
  body: JSON.stringify({ name, passphrase }),
}).catch((error: Error) => fail(`cannot reach ${url.origin}: ${error.message}`));
const body = (await response.json().catch(() => ({}))) as { error?: string; user?: string };
if (!response.ok) fail(body.error ?? `the server answered ${response.status}`);
console.log(`Created ${body.user} on ${url.origin}. Sign in at ${url.origin}/account.`);

function fail(message: string): never {
  console.error(`user:add: ${message}`);
  process.exit(1);
}

/** A passphrase from the terminal without echo, twice; or stdin's first line when piped. */
async function askPassphrase(): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      stdout.write(prompt);
      stdin.setRawMode(true);
      stdin.resume();
      let typed = "";
      const onData = (data: Buffer) => {
        for (const char of data.toString("utf8")) {
          if (char === "\r" || char === "\n") {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off("data", onData);
            stdout.write("\n");
            resolve(typed);
            return;
          }
          if (char === "\u0003") process.exit(130);
          typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
        }
      };
      stdin.on("data", onData);
    });
  const first = await ask("Passphrase (12+ characters): ");
  if ((await ask("Again: ")) !== first) fail("the passphrases differ.");
  return first;
}
