import type { OsClipboard } from "./index.ts";
import { fail, type RunOutput, run } from "./run.ts";

const HINT = "pbcopy and pbpaste come with macOS: check that /usr/bin is on the agent's PATH";

const failure = <T>(tool: string, out: RunOutput) =>
  fail<T>(
    "CLIPBOARD_UNAVAILABLE",
    `${tool} failed (exit ${out.code}): ${out.stderr}; check that it works in a terminal`,
  );

/** The macOS clipboard, through pbpaste and pbcopy. */
export function macosClipboard(env: NodeJS.ProcessEnv): OsClipboard {
  // pbcopy and pbpaste pick their text encoding from the locale; a launchd agent may have none.
  const childEnv = { ...env, LANG: "en_US.UTF-8" };
  return {
    name: "pbcopy",
    async read() {
      const out = await run({ command: "pbpaste", args: [], env: childEnv, installHint: HINT });
      if (!out.ok) return out;
      if (out.value.code !== 0) return failure("pbpaste", out.value);
      // pbpaste prints nothing both for an empty clipboard and for one without text.
      if (out.value.stdout === "")
        return fail(
          "CLIPBOARD_EMPTY",
          "the clipboard is empty (or holds no text): copy some text first",
        );
      return { ok: true, value: out.value.stdout };
    },
    async write(text) {
      const out = await run({
        command: "pbcopy",
        args: [],
        input: text,
        env: childEnv,
        installHint: HINT,
      });
      if (!out.ok) return out;
      return out.value.code === 0 ? { ok: true, value: undefined } : failure("pbcopy", out.value);
    },
  };
}
