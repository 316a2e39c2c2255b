import { type ChildProcess, spawn } from "node:child_process";
import { AGENT_BIN } from "../../scripts/build-agent.ts";
import { type Browser, field } from "../support/browser.ts";

/**
 * `edgeclip-agent login` as users get it (the bundle this project's setup builds: it starts
 * with a third of the CPU the source takes), and the user answering it in a browser.
 */
export const AGENT_CLI = AGENT_BIN;

interface Login {
  child: ChildProcess;
  url: Promise<URL>;
  exited: Promise<number>;
  output(): string;
}

export function startLogin(base: string, name: string, configDir: string): Login {
  const child = spawn(process.execPath, [AGENT_CLI, "login", base, "--name", name], {
    env: { ...process.env, EDGECLIP_CONFIG_DIR: configDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<URL>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(https?:\/\/\S+\/pair\?code=[A-Z-]+)/.exec(output);
      if (match?.[1]) resolve(new URL(match[1]));
    };
    child.stdout?.on("data", seen);
    child.stderr?.on("data", seen);
    child.once("exit", () => reject(new Error(`login exited before showing a code:\n${output}`)));
  });
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code) => resolve(code ?? -1)),
  );
  url.catch(() => undefined);
  return { child, url, exited, output: () => output };
}

/** The user opens the agent's link, signs in, and answers. */
export async function answerPairing(
  browser: Browser,
  link: URL,
  account: { name: string; passphrase: string },
  decision: "approve" | "deny",
) {
  let page = await browser.get(link);
  let html = await page.text();
  if (html.includes('action="/signin"')) {
    const signedIn = await browser.post(new URL("/signin", link), {
      csrf: field(html, "csrf"),
      next: field(html, "next"),
      name: account.name,
      passphrase: account.passphrase,
    });
    page = await browser.get(new URL(signedIn.headers.get("location") ?? "/", link));
    html = await page.text();
  }
  const answered = await browser.post(new URL("/pair", link), {
    csrf: field(html, "csrf"),
    code: field(html, "code"),
    decision,
  });
  return { page: html, answered: await answered.text() };
}
