import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breadthOf, checkRoots } from "../src/roots.ts";

const CLI = path.resolve(import.meta.dirname, "../src/cli.ts");

describe("breadthOf and checkRoots", () => {
  it("tells the home directory, what holds it and a file system's root from ordinary directories", () => {
    expect(breadthOf("/home/me", "/home/me")).toBe("home");
    expect(breadthOf("/home", "/home/me")).toBe("above-home");
    expect(breadthOf("/", "/home/me")).toBe("file-system-root");
    expect(breadthOf("/", undefined)).toBe("file-system-root");
    expect(breadthOf("/home/me/code/app", "/home/me")).toBeUndefined();
    expect(breadthOf("/home/mel", "/home/me")).toBeUndefined();
    expect(breadthOf("/srv/app", "/home/me")).toBeUndefined();
  });

  it("refuses to default to the home directory or /, and warns about them when given", () => {
    const home = "/home/me";
    for (const real of ["/home/me", "/"]) {
      const refused = checkRoots([{ given: undefined, real }], home);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.message).toMatch(/--root DIR/);
    }
    expect(checkRoots([{ given: undefined, real: "/home/me/code/app" }], home)).toEqual({
      ok: true,
      warnings: [],
    });
    const given = checkRoots(
      [
        { given: "~/code/app", real: "/home/me/code/app" },
        { given: "/home/me", real: "/home/me" },
      ],
      home,
    );
    expect(given.ok && given.warnings).toEqual([
      expect.stringMatching(/^warning: --root \/home\/me is your home directory: /),
    ]);
  });
});

describe("edgeclip-agent connect in the home directory", () => {
  const home = () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "edgeclip-home-")));
    mkdirSync(path.join(dir, "state"));
    return dir;
  };
  const env = (dir: string) => ({
    ...process.env,
    HOME: dir,
    USERPROFILE: dir,
    EDGECLIP_STATE_DIR: path.join(dir, "state"),
    EDGECLIP_CONFIG_DIR: path.join(dir, "state"),
    // A credential, so that an agent whose roots are accepted goes on to connect (issue 34 §8).
    EDGECLIP_LOCAL_TOKEN: `ecl_${"t".repeat(43)}`,
  });

  it("refuses to start without --root, saying how to choose, and connects nowhere", () => {
    const dir = home();
    const run = spawnSync(process.execPath, [CLI, "connect", "http://127.0.0.1:9"], {
      cwd: dir,
      env: env(dir),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("is your home directory");
    expect(run.stderr).toContain("--root DIR");
    expect(run.stderr).not.toMatch(/connecting|reconnect/i);
  });

  it("serves it when given as --root, with a warning", async () => {
    const dir = home();
    const child = spawn(process.execPath, [CLI, "connect", "http://127.0.0.1:9", "--root", dir], {
      cwd: dir,
      env: env(dir),
    });
    let stderr = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no warning:\n${stderr}`)), 20_000);
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        // The warning, then the agent goes on to connect.
        if (/warning: --root .* is your home directory/.test(stderr) && /roots /.test(stderr)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  });
});
