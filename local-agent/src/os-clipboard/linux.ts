import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import {
  CLIPBOARD_MAX_MS,
  type ClipboardResult,
  clipboardTimeoutMs,
  type OsClipboard,
  unavailableClipboard,
} from "./index.ts";
import { fail, type RunOutput, run, tooLarge } from "./run.ts";
import { xselOwner } from "./xsel-owner.ts";

const WAYLAND_HINT = "install wl-clipboard with: sudo apt install wl-clipboard";
const X11_HINT = "install xclip with: sudo apt install xclip (or xsel), then restart the agent";
/** Text targets in order of preference: UTF-8 ones first, as STRING is Latin-1 by ICCCM. */
const TEXT_TARGETS = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT", "text/plain"];
/** Targets every X11 selection owner offers, which say nothing about the content. */
const META_TARGETS = new Set(["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE"]);

const empty = <T>() => fail<T>("CLIPBOARD_EMPTY", "the clipboard is empty: copy some text first");
const noText = <T>(types: string) =>
  fail<T>("NO_TEXT_CONTENT", `the clipboard holds no text (only ${types}): copy text instead`);

/**
 * The Linux (and BSD) clipboard: wl-clipboard under Wayland, else xclip under
 * X11, else xsel. Tools are looked up once, on `env.PATH`.
 */
export function linuxClipboard(env: NodeJS.ProcessEnv): OsClipboard {
  const has = (tool: string) =>
    (env.PATH ?? "").split(delimiter).some((dir) => {
      try {
        accessSync(join(dir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  // Under Wayland, DISPLAY often names XWayland too, whose clipboard may lag: prefer wl-clipboard.
  if (env.WAYLAND_DISPLAY && has("wl-paste")) return wayland(env);
  if (env.DISPLAY && has("xclip")) return xclip(env);
  if (env.DISPLAY && has("xsel")) return xsel(env);
  if (env.WAYLAND_DISPLAY)
    return unavailableClipboard(`wl-copy and wl-paste are not installed: ${WAYLAND_HINT}`);
  if (env.DISPLAY) return unavailableClipboard(`neither xclip nor xsel is installed: ${X11_HINT}`);
  return unavailableClipboard(
    "no display server is reachable: DISPLAY and WAYLAND_DISPLAY are not set (over SSH, say): set DISPLAY (e.g. DISPLAY=:0) or run the agent in your desktop session",
  );
}

/**
 * X11 hands a large selection over in increments (INCR, past ~256 KiB), and a
 * reader whose owner changes or stalls midway can end with part of it and exit
 * 0 (issue 34 §10: a 10 MiB xsel round trip came back short once, in 966 ms).
 * So a large read counts only when a second read gives the same text: up to
 * three reads, the first two that agree win; none that agree is an error,
 * never text. A first read that failed or found the clipboard empty is tried
 * once more and the second answer stands (seen under load right after a write
 * had settled: xsel's owner, killed by the settling read, which xsel-owner.ts
 * now starts again); one past its time limit is the answer at once.
 */
const INCREMENTAL = 64 * 1024;

async function whole(
  read: () => Promise<ClipboardResult<string>>,
  tool: string,
): Promise<ClipboardResult<string>> {
  let first = await read();
  // Not past its time limit: that is the answer (the limit holds the whole read, not each try).
  if (!first.ok && first.error.code !== "OPERATION_TIMEOUT") first = await read();
  if (!first.ok || first.value.length < INCREMENTAL) return first;
  let previous = first.value;
  const lengths = [previous.length];
  let failures = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    const again = await read();
    if (!again.ok) {
      if (++failures > 1) return again;
      continue;
    }
    if (again.value === previous) return again;
    lengths.push(again.value.length);
    previous = again.value;
  }
  return fail(
    "CLIPBOARD_UNAVAILABLE",
    `${tool} gave different texts for one clipboard (${lengths.join(", ")} characters): a large transfer was cut short, or the clipboard changed meanwhile; copy the text again, then retry`,
  );
}

/** A failed X11 command: a display that cannot be opened has a fix, the rest is reported. */
function x11Failure<T>(tool: string, out: RunOutput, env: NodeJS.ProcessEnv): ClipboardResult<T> {
  if (/can't open display/i.test(out.stderr))
    return fail(
      "CLIPBOARD_UNAVAILABLE",
      `${tool} cannot open display "${env.DISPLAY}": is the X server running? Check DISPLAY, or run the agent in your desktop session`,
    );
  return fail(
    "CLIPBOARD_UNAVAILABLE",
    `${tool} failed (exit ${out.code}): ${out.stderr}; check that it works in a terminal`,
  );
}

function xclip(env: NodeJS.ProcessEnv): OsClipboard {
  const x = (args: string[], input?: string) =>
    run({
      command: "xclip",
      args: ["-selection", "clipboard", ...args],
      input,
      env,
      installHint: X11_HINT,
    });
  const readOnce = async (): Promise<ClipboardResult<string>> => {
    // xclip asks for UTF8_STRING, then STRING, and an owner like `xclip -t image/png` answers
    // any target with its bytes; so ask the owner what it holds first.
    const targets = await x(["-o", "-t", "TARGETS"]);
    if (!targets.ok) return targets;
    let target: string | undefined;
    if (targets.value.code === 0) {
      const offered = targets.value.stdout.split("\n").filter((t) => t !== "");
      target = TEXT_TARGETS.find((t) => offered.includes(t));
      const content = offered.filter((t) => !META_TARGETS.has(t));
      if (!target) return content.length > 0 ? noText(content.join(", ")) : empty();
    } else if (!/not available/.test(targets.value.stderr)) {
      return x11Failure("xclip", targets.value, env);
    } // Else no owner, or one too old for TARGETS: a plain read tells.
    const out = await x(target ? ["-o", "-t", target] : ["-o"]);
    if (!out.ok) return out;
    if (out.value.code !== 0)
      return /not available/.test(out.value.stderr) ? empty() : x11Failure("xclip", out.value, env);
    return out.value.stdout === "" ? empty() : { ok: true, value: out.value.stdout };
  };
  return {
    name: "xclip",
    read: () => whole(readOnce, "xclip"),
    write: (text) =>
      writeSettled("xclip", env, text, {
        current: async () => {
          const now = await readOnce();
          return now.ok ? now.value : undefined;
        },
        clear: () => x(["-i"], ""),
        input: () => x(["-i"], text),
      }),
  };
}

function xsel(env: NodeJS.ProcessEnv): OsClipboard {
  const x = (args: string[], input?: string) =>
    run({ command: "xsel", args: ["--clipboard", ...args], input, env, installHint: X11_HINT });
  const readNow = async (): Promise<ClipboardResult<string>> => {
    // --verbose is how xsel tells "Selection (type image/png) is not a string" from "Conversion refused".
    const out = await x(["--output", "--verbose"]);
    if (!out.ok) return out;
    if (out.value.code !== 0) return x11Failure("xsel", out.value, env);
    const type = /Selection \(type (.*)\) is not a string/.exec(out.value.stderr)?.[1];
    if (out.value.stdout === "") return type ? noText(type) : empty();
    return { ok: true, value: out.value.stdout };
  };
  const owner = xselOwner(env, async () => {
    const now = await readNow();
    return !now.ok && now.error.code === "CLIPBOARD_EMPTY";
  });
  // Empty while the agent's own owner is being started again: it holds the text in a moment.
  const readOnce = async (): Promise<ClipboardResult<string>> => {
    let now = await readNow();
    for (const deadline = Date.now() + CLIPBOARD_MAX_MS; Date.now() < deadline; ) {
      if (now.ok || now.error.code !== "CLIPBOARD_EMPTY" || !owner.holding()) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
      now = await readNow();
    }
    return now;
  };
  return {
    name: "xsel",
    read: () => whole(readOnce, "xsel"),
    write: (text) =>
      writeSettled("xsel", env, text, {
        current: async () => {
          const now = await x(["--output"]);
          return now.ok && now.value.code === 0 ? now.value.stdout : undefined;
        },
        clear: () => x(["--clear"]),
        input: async () => {
          const ended = await owner.take(text);
          return { ok: true, value: ended ?? { code: 0, stdout: "", stderr: "" } };
        },
        failure: () => owner.failure(),
      }),
  };
}

/**
 * A write to an X11 selection that returns once the clipboard holds it.
 * `xclip -i` and `xsel --input` fork the process that will own the selection
 * and return at once, before that process has taken it: a read right after
 * could get the old content (found on a busy machine: xclip's 10 MiB write
 * read back as the image a test copied before it), or be cut short as the
 * owner changes under it. So the write waits (briefly) until the clipboard
 * holds what was written; when it already holds that text, it is cleared
 * first, so the wait can tell the new owner from the old one (and the text
 * stays when the application that copied it exits). It waits as long as a
 * command given that text may take (clipboardTimeoutMs): a 10 MiB write on a
 * busy 2-core machine took over a second.
 */
async function writeSettled(
  tool: string,
  env: NodeJS.ProcessEnv,
  text: string,
  io: {
    current(): Promise<string | undefined>;
    clear(): Promise<unknown>;
    /** The tool's write. */
    input(): Promise<ClipboardResult<RunOutput>>;
    /** How the process holding the text failed, once it has (an owner the agent runs). */
    failure?(): RunOutput | undefined;
  },
): Promise<ClipboardResult<undefined>> {
  const write = async (): Promise<ClipboardResult<undefined>> => {
    const out = await io.input();
    if (!out.ok) return out;
    return out.value.code === 0 ? { ok: true, value: undefined } : x11Failure(tool, out.value, env);
  };
  const large = tooLarge<undefined>(Buffer.byteLength(text));
  if (large) return large;
  if ((await io.current()) === text) await io.clear();
  const wrote = await write();
  if (!wrote.ok) return wrote;
  // As long as the most any clipboard command may take: on a busy machine the owner the tool
  // forks can take seconds to take the selection (seen in tests beside two busy loops).
  const settle = Math.max(clipboardTimeoutMs(Buffer.byteLength(text)), CLIPBOARD_MAX_MS);
  for (const deadline = Date.now() + settle; Date.now() < deadline; ) {
    if ((await io.current()) === text) return { ok: true, value: undefined };
    const failed = io.failure?.();
    if (failed) return x11Failure(tool, failed, env);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Not seen in time: said, not assumed (a read after it could get the old text).
  return fail(
    "OPERATION_TIMEOUT",
    `${tool} did not show the text on the clipboard within ${Math.round(settle / 1000)} s of writing it: the machine may be busy; try again`,
  );
}

function wayland(env: NodeJS.ProcessEnv): OsClipboard {
  const wl = (command: string, args: string[], input?: string) =>
    run({ command, args, input, env, installHint: WAYLAND_HINT });
  const failure = <T>(out: RunOutput): ClipboardResult<T> => {
    if (/No selection|Nothing is copied/.test(out.stderr)) return empty();
    if (/No suitable type/.test(out.stderr)) return noText("non-text content");
    const hint = /Failed to connect/.test(out.stderr)
      ? `is the compositor running? Check WAYLAND_DISPLAY ("${env.WAYLAND_DISPLAY}"), or run the agent in your desktop session`
      : "check that wl-paste and wl-copy work in a terminal";
    return fail(
      "CLIPBOARD_UNAVAILABLE",
      `wl-clipboard failed (exit ${out.code}): ${out.stderr}; ${hint}`,
    );
  };
  return {
    name: "wl-clipboard",
    async read() {
      // `--type text` takes text/plain;charset=utf-8 first, then any text type; an
      // explicit `text/plain` would refuse owners that offer only the UTF-8 one.
      const out = await wl("wl-paste", ["--no-newline", "--type", "text"]);
      if (!out.ok) return out;
      if (out.value.code !== 0) return failure(out.value);
      return out.value.stdout === "" ? empty() : { ok: true, value: out.value.stdout };
    },
    async write(text) {
      // An explicit type, so that wl-copy does not guess one (HTML, say) from the text.
      const out = await wl("wl-copy", ["--type", "text/plain"], text);
      if (!out.ok) return out;
      return out.value.code === 0 ? { ok: true, value: undefined } : failure(out.value);
    },
  };
}
