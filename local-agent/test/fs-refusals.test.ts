import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { MAIN_FIELDS } from "../../scripts/build-agent.ts";
import type { Edit, Request } from "../../src/shared/bridge/protocol.ts";
import { applyOp, readOp, type Workspace } from "../src/file-ops.ts";
import { handleRequest } from "../src/handlers.ts";
import { Journal, type StepHook } from "../src/journal.ts";
import { PathLocks } from "../src/locks.ts";
import { DEFAULT_DENY } from "../src/paths.ts";

/**
 * What the agent answers when the operating system refuses, on real files:
 * a named code, the path as the caller gave it, never the machine's absolute
 * path nor the OS's message, and nothing changed on disk.
 */

/** 300 characters (code points), 1,191 bytes: over every usual limit on a name. */
const EMOJI = "🙂".repeat(297).concat(".ts");

function workspace(options: { base?: string; journal?: string; onStep?: StepHook } = {}) {
  const base = options.base ?? realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-refusals-")));
  const root = path.join(base, "root");
  mkdirSync(root, { recursive: true });
  const journal = options.journal ?? path.join(base, "journal");
  const ws: Workspace = {
    sandbox: { roots: [root], deny: [...DEFAULT_DENY] },
    readOnly: false,
    journal: new Journal(journal, "http://test", options.onStep),
    locks: new PathLocks(),
  };
  const file = (name: string, content: string) => {
    const p = path.join(root, name);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
    return p;
  };
  /** Every file and directory under the root and the journal, with contents: what "nothing changed" compares. */
  const snapshot = () =>
    [root, journal].flatMap((dir) =>
      existsSync(dir)
        ? (readdirSync(dir, { recursive: true }) as string[]).sort().map((f) => {
            const p = path.join(dir, f);
            let content: string;
            try {
              content = readFileSync(p, "utf8");
            } catch {
              content = "(not a file)";
            }
            return `${path.relative(base, p)}: ${content}`;
          })
        : [],
    );
  return { ws, base, root, file, snapshot };
}

const paste = (p: string, extra: object = {}): Edit =>
  ({ kind: "paste", path: p, mode: "append", text: 0, ...extra }) as Edit;

const apply = (ws: Workspace, edits: Edit[]) =>
  applyOp(ws, {
    context: { session: "default", op: 1 },
    dry_run: false,
    syntax_guard: "off",
    texts: ["pasted\n"],
    edits,
  });

/** The failure of `r` (which must have failed), checked for what every refusal must hold. */
function refusal(
  r: { ok: true } | { ok: false; error: { code: string; message: string } },
  given: string,
  base: string,
) {
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error("expected a refusal");
  expect(r.error.message).toContain(`\`${given}\``);
  expect(r.error.message).not.toContain(base);
  expect(r.error.message).not.toMatch(/\b(realpath|open|rename|mkdir|stat) '|INTERNAL/);
  return r.error;
}

describe("a path too long for the file system", () => {
  it("is PATH_TOO_LONG for read and paste, in a directory that exists or not, and nothing is created", async () => {
    const { ws, base, file, snapshot } = workspace();
    file("src/a.ts", "a\n");
    const before = snapshot();
    for (const given of [EMOJI, `src/${EMOJI}`, `new/dir/${EMOJI}`]) {
      expect(refusal(await readOp(ws, { path: given }), given, base).code).toBe("PATH_TOO_LONG");
      for (const edit of [paste(given), paste(given, { create_if_missing: true })]) {
        const error = refusal(await apply(ws, [edit]), given, base);
        expect(error.code).toBe("PATH_TOO_LONG");
      }
    }
    expect(snapshot()).toEqual(before);
    // No journal entry is left for the next start to trip over.
    expect(await ws.journal.recover()).toEqual([]);
  });

  it("still writes a long name that fits: 80 CJK characters (240 bytes), through a temporary file that fits too", async () => {
    const { ws, root } = workspace();
    const name = "漢".repeat(80);
    const r = await apply(ws, [paste(name, { create_if_missing: true })]);
    expect(r.ok && r.value.result.results[0]?.path).toBe(name);
    expect(readFileSync(path.join(root, name), "utf8")).toBe("pasted\n");
  });
});

describe("paths the OS cannot follow", () => {
  it("answers NOT_A_DIRECTORY through a file used as a directory, for read and paste", async () => {
    const { ws, base, file, snapshot } = workspace();
    file("src/a.ts", "a\n");
    const before = snapshot();
    const given = "src/a.ts/b.ts";
    expect(refusal(await readOp(ws, { path: given }), given, base).code).toBe("NOT_A_DIRECTORY");
    const error = refusal(
      await apply(ws, [paste(given, { create_if_missing: true })]),
      given,
      base,
    );
    expect(error.code).toBe("NOT_A_DIRECTORY");
    expect(snapshot()).toEqual(before);
  });

  it("answers NOT_A_FILE for a symbolic link loop, and through one", async () => {
    const { ws, base, root } = workspace();
    symlinkSync(path.join(root, "loop-b"), path.join(root, "loop-a"));
    symlinkSync(path.join(root, "loop-a"), path.join(root, "loop-b"));
    for (const given of ["loop-a", "loop-b/src/x.ts"]) {
      const error = refusal(await readOp(ws, { path: given }), given, base);
      expect(error.code).toBe("NOT_A_FILE");
      expect(error.message).toMatch(/loop/);
      expect(refusal(await apply(ws, [paste(given)]), given, base).code).toBe("NOT_A_FILE");
    }
  });

  it("answers NOT_A_FILE (EISDIR) when the file became a directory after it was read, at the final rename", async () => {
    let target = "";
    const { ws, base, file } = workspace({
      onStep: (step) => {
        if (step !== "committed") return;
        rmSync(target);
        mkdirSync(target);
      },
    });
    target = file("swapped.txt", "x\n");
    const error = refusal(await apply(ws, [paste("swapped.txt")]), "swapped.txt", base);
    expect(error.code).toBe("NOT_A_FILE");
    expect(error.message).toMatch(/directory/);
    expect(error.message).toMatch(/committed but only partly applied/);
  });
});

describe("files whose content is a private key", () => {
  it("are refused whatever their name, for read and paste; a source file quoting a key is not", async () => {
    const { ws, base, file } = workspace();
    file("notes/deploy-key.txt", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n");
    file("id_rsa (copy)", "\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n");
    file("test/tls.test.ts", "const KEY = `\n-----BEGIN PRIVATE KEY-----\nMIIE\n`;\n");
    for (const given of ["notes/deploy-key.txt", "id_rsa (copy)"]) {
      const error = refusal(await readOp(ws, { path: given }), given, base);
      expect(error.code).toBe("PATH_DENIED");
      expect(error.message).not.toContain("MIIE");
      expect(refusal(await apply(ws, [paste(given)]), given, base).code).toBe("PATH_DENIED");
    }
    expect((await readOp(ws, { path: "test/tls.test.ts" })).ok).toBe(true);
  });
});

describe("a bug in the agent", () => {
  it("answers INTERNAL_ERROR without the error's message or any absolute path", async () => {
    const { ws } = workspace();
    const thrown = new Error("EACCES: permission denied, open '/home/someone/private/notes.txt'");
    const served = await handleRequest(
      {
        workspace: ws,
        clipboard: {
          name: "broken",
          read: () => Promise.reject(thrown),
          write: () => Promise.reject(thrown),
        },
      },
      { type: "request", id: "r1", op: "os_read", args: {} } satisfies Request,
    );
    expect(served.reply).toMatchObject({ ok: false, error: { code: "INTERNAL_ERROR" } });
    const text = JSON.stringify(served.reply);
    expect(text).not.toContain("/home/someone");
    expect(text).not.toContain("permission denied");
    expect(text).toContain("os_read");
  });
});

// ── Errors only a non-root user or a small or read-only file system produces ──

const isRoot = process.getuid?.() === 0;

/** Whether this process may mount a tmpfs (root in a container may not). */
function canMount(): boolean {
  if (!isRoot || process.platform !== "linux") return false;
  const probe = mkdtempSync(path.join(tmpdir(), "edgeclip-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts.reverse()) {
    spawnSync("umount", [m]);
    rmSync(m, { recursive: true, force: true });
  }
});

/** A fresh tmpfs of `size` at a new temporary directory. */
function tmpfs(size: string, options = ""): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-tmpfs-")));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}${options}`, "tmpfs", dir]);
  mounts.push(dir);
  return dir;
}

describe.skipIf(!canMount())("on a full or read-only file system (root, tmpfs)", () => {
  it("answers NO_SPACE when the disk is full, naming the file, and changes nothing", async () => {
    const disk = tmpfs("256k");
    const { ws, file, snapshot } = workspace({
      base: disk,
      journal: realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-journal-"))),
    });
    file("a.txt", "before\n");
    // Fill the disk: a file as large as it takes.
    const filler = path.join(disk, "filler");
    spawnSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=4k"], { stdio: "ignore" });
    const before = snapshot();
    const r = await apply(ws, [paste("a.txt")]);
    const error = refusal(r, "a.txt", disk);
    expect(error.code).toBe("NO_SPACE");
    expect(error.message).toMatch(/Nothing was changed\.$/);
    expect(snapshot()).toEqual(before);
  });

  it("answers NO_SPACE naming the agent's journal when its own disk is full", async () => {
    const disk = tmpfs("64k");
    spawnSync("dd", ["if=/dev/zero", `of=${path.join(disk, "filler")}`, "bs=4k"], {
      stdio: "ignore",
    });
    const { ws, base, file } = workspace({ journal: path.join(disk, "journal") });
    file("a.txt", "before\n");
    const r = await apply(ws, [paste("a.txt")]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("NO_SPACE");
    expect(r.error.message).toContain("the agent's journal");
    expect(r.error.message).not.toContain(disk);
    expect(r.error.message).not.toContain(base);
    expect(readFileSync(path.join(base, "root", "a.txt"), "utf8")).toBe("before\n");
  });

  it("answers READ_ONLY_FILE_SYSTEM on a read-only mount, and still reads there", async () => {
    const disk = tmpfs("256k");
    const { ws, file, snapshot } = workspace({
      base: disk,
      journal: realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-journal-"))),
    });
    file("a.txt", "before\n");
    execFileSync("mount", ["-o", "remount,ro", disk]);
    const before = snapshot();
    expect((await readOp(ws, { path: "a.txt" })).ok).toBe(true);
    const error = refusal(await apply(ws, [paste("a.txt")]), "a.txt", disk);
    expect(error.code).toBe("READ_ONLY_FILE_SYSTEM");
    expect(snapshot()).toEqual(before);
  });
});

/** Whether this process can run a child as `nobody` (root, with util-linux's setpriv). */
const canDropToNobody =
  isRoot && process.platform === "linux" && spawnSync("setpriv", ["--version"]).status === 0;

describe.skipIf(!canDropToNobody)("as a user the OS refuses (nobody)", () => {
  it("answers PERMISSION_DENIED to read an unreadable file, to look through a locked directory, and to write in a read-only directory", async () => {
    const base = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-nobody-")));
    chmodSync(base, 0o755);
    const root = path.join(base, "root");
    mkdirSync(path.join(root, "locked"), { recursive: true });
    mkdirSync(path.join(base, "journal"), { mode: 0o777 });
    chmodSync(path.join(base, "journal"), 0o777);
    writeFileSync(path.join(root, "secret.txt"), "s3cret\n", { mode: 0o600 });
    writeFileSync(path.join(root, "locked", "a.ts"), "a\n");
    writeFileSync(path.join(root, "shared.txt"), "before\n", { mode: 0o666 });
    chmodSync(path.join(root, "shared.txt"), 0o666);
    chmodSync(path.join(root, "locked"), 0o000);
    // The agent's modules, run by Node as `nobody` (root bypasses file permissions), bundled
    // into `base`: `nobody` may not be able to reach the checkout (a clone under a 0700 dir).
    const modules = path.join(base, "agent-modules.mjs");
    await build({
      stdin: {
        contents: `export { applyOp, readOp } from "./file-ops.ts"; export { Journal } from "./journal.ts"; export { PathLocks } from "./locks.ts";`,
        resolveDir: path.resolve(import.meta.dirname, "../src"),
        loader: "ts",
      },
      outfile: modules,
      bundle: true,
      platform: "node",
      format: "esm",
      mainFields: MAIN_FIELDS,
      banner: {
        js: 'import { createRequire as __edgeclipRequire } from "node:module"; const require = __edgeclipRequire(import.meta.url);',
      },
      logLevel: "warning",
    });
    chmodSync(modules, 0o644);
    const script = `
      const { applyOp, readOp, Journal, PathLocks } = await import(${JSON.stringify(modules)});
      const ws = { sandbox: { roots: [${JSON.stringify(root)}], deny: [] }, readOnly: false,
        journal: new Journal(${JSON.stringify(path.join(base, "journal"))}, "http://test"), locks: new PathLocks() };
      const out = [await readOp(ws, { path: "secret.txt" }), await readOp(ws, { path: "locked/a.ts" }),
        await applyOp(ws, { context: { session: "s", op: 1 }, dry_run: false, syntax_guard: "off", texts: ["x\\n"],
          edits: [{ kind: "paste", path: "shared.txt", mode: "append", text: 0 }] })];
      process.stdout.write(JSON.stringify(out));`;
    const run = spawnSync(
      "setpriv",
      [
        "--reuid=nobody",
        "--regid=nogroup",
        "--clear-groups",
        process.execPath,
        "--input-type=module",
        "-e",
        script,
      ],
      { encoding: "utf8", cwd: base },
    );
    chmodSync(path.join(root, "locked"), 0o755);
    expect(run.status, run.stderr).toBe(0);
    const [read, through, write] = JSON.parse(run.stdout) as {
      ok: boolean;
      error: { code: string; message: string };
    }[];
    for (const [r, given] of [
      [read, "secret.txt"],
      [through, "locked/a.ts"],
      [write, "shared.txt"],
    ] as const) {
      expect(r?.error.code, JSON.stringify(r)).toBe("PERMISSION_DENIED");
      expect(r?.error.message).toContain(`\`${given}\``);
      expect(r?.error.message).not.toContain(base);
      expect(r?.error.message).not.toContain("s3cret");
    }
    expect(write?.error.message).toMatch(/directory must be writable too/);
    expect(write?.error.message).toMatch(/Nothing was changed\.$/);
    expect(readFileSync(path.join(root, "shared.txt"), "utf8")).toBe("before\n");
    expect(readdirSync(root).filter((f) => f.includes(".edgeclip-"))).toEqual([]);
  });
});
