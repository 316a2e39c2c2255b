import { type ChildProcess, spawn } from "node:child_process";
import {
  CLIPBOARD_MAX_BYTES,
  CLIPBOARD_MAX_MS,
  type ClipboardErrorCode,
  type ClipboardResult,
  clipboardTimeoutMs,
} from "./index.ts";

/** One run of a clipboard command (see `run`). */
export interface RunOptions {
  command: string;
  args: readonly string[];
  /** Written to stdin as UTF-8. Given means a write: see `run` for why that matters. */
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** What to do when `command` is missing, e.g. "install xclip with: sudo apt install xclip". */
  installHint: string;
  /**
   * How long it may run without finishing; a read's restarts with each chunk of
   * output (never past CLIPBOARD_MAX_MS). Default: `clipboardTimeoutMs` of the input.
   */
  timeoutMs?: number;
  /** Cap on `input` and on stdout, in bytes. */
  maxBytes?: number;
}

/** How a command ended; `stdout` is decoded strictly, keeping any BOM (it is text too). */
export interface RunOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A failure result, for the backends as much as for `run`. */
export function fail<T>(code: ClipboardErrorCode, message: string): ClipboardResult<T> {
  return { ok: false, error: { code, message } };
}

/** Strict, so that INVALID_UTF8 is reported rather than U+FFFD; a leading BOM is text too. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** "10 MiB" for whole MiB, else bytes: caps are injectable, so tests see small ones. */
const size = (n: number) => (n % 2 ** 20 === 0 ? `${n / 2 ** 20} MiB` : `${n} bytes`);

/** TEXT_TOO_LARGE for a text of `bytes` over `max`, refused before any tool runs. */
export function tooLarge<T>(
  bytes: number,
  max = CLIPBOARD_MAX_BYTES,
): ClipboardResult<T> | undefined {
  if (bytes <= max) return undefined;
  return fail(
    "TEXT_TOO_LARGE",
    `the text is ${bytes} bytes, over the clipboard's ${size(max)}: send less text`,
  );
}

/** Why `command` could not be started, and what to do about it. */
function spawnFailure(o: RunOptions, err: NodeJS.ErrnoException): ClipboardResult<RunOutput> {
  if (err.code === "ENOENT")
    return fail("CLIPBOARD_UNAVAILABLE", `${o.command} was not found on PATH: ${o.installHint}`);
  if (err.code === "EACCES")
    return fail(
      "PERMISSION_DENIED",
      `${o.command} may not be run (permission denied): make it executable for the agent's user`,
    );
  return fail(
    "CLIPBOARD_UNAVAILABLE",
    `${o.command} could not be run (${err.message}): check that it works in a terminal`,
  );
}

/**
 * Runs a clipboard command: stdin gets `input`, stdout is collected up to the
 * cap. Never throws and never hangs: past `timeoutMs`, or over the cap, the
 * child is killed and the result says why.
 *
 * A write resolves on the child's 'exit', not 'close': `xclip -i`, `xsel -i` and
 * `wl-copy` fork a background process that owns the selection from then on
 * (that is how X11 and Wayland clipboards work), and it may hold inherited pipes
 * open for as long. So a write ignores stdout, and waits for stderr only briefly
 * and only when the command failed (then it did not fork, and stderr says why).
 */
export function run(o: RunOptions): Promise<ClipboardResult<RunOutput>> {
  const max = o.maxBytes ?? CLIPBOARD_MAX_BYTES;
  const input = o.input === undefined ? undefined : Buffer.from(o.input, "utf8");
  const ms = o.timeoutMs ?? clipboardTimeoutMs(input?.length ?? 0);
  const began = Date.now();
  const large = input && tooLarge<RunOutput>(input.length, max);
  if (large) return Promise.resolve(large);
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let code: number | null = null;
    let settled = false;
    const finish = (result: ClipboardResult<RunOutput>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Our ends of the pipes: a forked selection owner must not keep the agent's event loop busy.
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(result);
    };
    const stop = (error: ClipboardErrorCode, message: string) => {
      child.kill("SIGKILL");
      finish(fail(error, message));
    };
    const done = () => {
      let text: string;
      try {
        text = utf8.decode(Buffer.concat(stdout));
      } catch {
        return finish(
          fail(
            "INVALID_UTF8",
            "the clipboard holds bytes that are not UTF-8 text: copy the text again from an app that writes UTF-8",
          ),
        );
      }
      finish({ ok: true, value: { code, stdout: text, stderr: stderr.trim() } });
    };
    let child: ChildProcess;
    try {
      child = spawn(o.command, o.args, {
        env: o.env,
        stdio: [input ? "pipe" : "ignore", input ? "ignore" : "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (err) {
      // Most spawn failures come as 'error' events, but some (E2BIG, EPERM…) are thrown.
      return resolve(spawnFailure(o, err as NodeJS.ErrnoException));
    }
    const timedOut = () =>
      stop(
        "OPERATION_TIMEOUT",
        `${o.command} did not finish within ${ms / 1000} s${stdoutBytes ? " of its last output" : ""} and was stopped: retry, and check that it works in a terminal (the app that owns the clipboard may be hung)`,
      );
    let timer = setTimeout(timedOut, ms);
    child.on("error", (err) => finish(spawnFailure(o, err)));
    child.stdout?.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      // Output coming: the read is moving. It gets `ms` more, within CLIPBOARD_MAX_MS.
      clearTimeout(timer);
      timer = setTimeout(timedOut, Math.min(ms, CLIPBOARD_MAX_MS - (Date.now() - began)));
      if (stdoutBytes <= max) stdout.push(chunk);
      else
        stop(
          "TEXT_TOO_LARGE",
          `the clipboard holds more than ${size(max)} of text, more than the agent moves: copy less text`,
        );
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString("utf8");
    });
    child.on("exit", (exitCode) => {
      code = exitCode;
      if (input) setTimeout(done, exitCode === 0 ? 0 : 100);
    });
    child.on("close", done);
    // EPIPE when the command exits without reading (no display, say): its exit code tells why.
    child.stdin?.on("error", () => {});
    child.stdin?.end(input);
  });
}
