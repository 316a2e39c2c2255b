/**
 * Keeps a long-running agent small. `connect` re-executes itself once, in
 * place (same PID, `process.execve`), with settings that can only be given
 * at process start:
 * - V8's `--optimize-for-size`: smaller heap growth steps. Measured over 400
 *   small edits: idle RSS 90 MB without it, 75 MB with it, at the same speed.
 * - on Linux, glibc's mmap threshold pinned at its default 128 KiB
 *   (`MALLOC_MMAP_THRESHOLD_`). glibc raises the threshold each time a large
 *   block is freed, after which same-sized buffers (a file read, an encoded
 *   paste) come from its heap and stay there when freed: 109 MB idle without
 *   it, 83 MB with it.
 * - libuv's thread pool at 16 threads (`UV_THREADPOOL_SIZE`, 4 by default):
 *   a move's thousands of file calls (importers loaded, written, made
 *   durable) wait on the disk, not the CPU; measured on a move of 5,000
 *   importers, 7.8 s with 4, 6.7 s with 16 (bench/scale.ts).
 * Where `process.execve` does not exist (Windows; Node before 22.15), nothing
 * changes.
 */
const FLAG = "--optimize-for-size";

export function tuneForLongRun(): void {
  const execve = (
    process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }
  ).execve;
  if (typeof execve !== "function" || process.execArgv.includes(FLAG)) return;
  execve(
    process.execPath,
    [process.execPath, FLAG, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      ...(process.platform === "linux" && process.env.MALLOC_MMAP_THRESHOLD_ === undefined
        ? { MALLOC_MMAP_THRESHOLD_: "131072" }
        : {}),
      ...(process.env.UV_THREADPOOL_SIZE === undefined ? { UV_THREADPOOL_SIZE: "16" } : {}),
    },
  );
}
