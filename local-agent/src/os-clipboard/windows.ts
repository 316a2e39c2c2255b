import type { OsClipboard } from "./index.ts";
import { fail, type RunOutput, run } from "./run.ts";

const HINT = "PowerShell comes with Windows: check that powershell.exe is on the agent's PATH";
/** UTF-8 without a BOM, so that neither side adds one to the text. */
const UTF8 = "[Text.UTF8Encoding]::new($false)";
/** Get-Clipboard gives $null when the clipboard holds no text: exit 3 says so. */
const READ = `[Console]::OutputEncoding=${UTF8}; $t = Get-Clipboard -Raw; if ($null -eq $t) { exit 3 }; [Console]::Out.Write($t)`;
/** The text comes on stdin, never on the command line: no quoting, no length limit. */
const WRITE = `[Console]::InputEncoding=${UTF8}; Set-Clipboard -Value ([Console]::In.ReadToEnd())`;

const powershell = (script: string, env: NodeJS.ProcessEnv, input?: string) =>
  run({
    command: "powershell",
    args: ["-NoProfile", "-NonInteractive", "-Command", script],
    input,
    env,
    installHint: HINT,
  });

const failure = <T>(out: RunOutput) =>
  fail<T>(
    "CLIPBOARD_UNAVAILABLE",
    `PowerShell's clipboard commands failed (exit ${out.code}): ${out.stderr}; check that Get-Clipboard works in a PowerShell window`,
  );

/** The Windows clipboard, through PowerShell's Get-Clipboard and Set-Clipboard. */
export function windowsClipboard(env: NodeJS.ProcessEnv): OsClipboard {
  return {
    name: "powershell",
    async read() {
      const out = await powershell(READ, env);
      if (!out.ok) return out;
      if (out.value.code === 3 || (out.value.code === 0 && out.value.stdout === ""))
        return fail(
          "CLIPBOARD_EMPTY",
          "the clipboard is empty (or holds no text): copy some text first",
        );
      return out.value.code === 0 ? { ok: true, value: out.value.stdout } : failure(out.value);
    },
    async write(text) {
      const out = await powershell(WRITE, env, text);
      if (!out.ok) return out;
      return out.value.code === 0 ? { ok: true, value: undefined } : failure(out.value);
    },
  };
}
