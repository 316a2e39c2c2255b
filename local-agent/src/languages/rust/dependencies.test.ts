import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { declaredDependencies, dependencySources, importedCrates } from "./dependencies.ts";

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory holding `files`. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-deps-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const TRAIT = "pub trait Zero {\n    fn is_zero(&self) -> bool;\n}\n";

describe("a Rust file's dependencies, read for their traits", () => {
  it("names the crates a file's uses reach, not std's, the crate's own or its modules'", () => {
    const text =
      "use std::fmt;\nuse core::ops::Shl;\nuse crate::big;\nuse super::x;\nuse num_traits::{One, Zero};\nuse ::rand::Rng;\nextern crate alloc;\nextern crate libm;\n";
    expect([...importedCrates(text)]).toEqual(["num_traits", "rand", "libm"]);
  });

  it("reads every kind of dependency table a Cargo.toml has", () => {
    const manifest = `[package]
name = "app"

[dependencies]
num-traits = { version = "0.2", default-features = false } # a comment
"serde" = "1"
helper = { path = "../helper" }
rand_renamed = { package = "rand", version = "0.8" }

[dev-dependencies.criterion]
version = "0.3"

[target.'cfg(unix)'.dependencies]
libc = "0.2"

[features]
std = ["num-traits/std"]

[dependencies.itertools]
version = "0.10"

[[bin]]
name = "tool"
path = "src/bin/tool.rs"

[build-dependencies]
cc.workspace = true
`;
    const deps = declaredDependencies(manifest, "/work/app");
    expect(Object.fromEntries(deps)).toEqual({
      num_traits: { package: "num-traits" },
      serde: { package: "serde" },
      helper: { package: "helper", dir: "/work/helper" },
      rand_renamed: { package: "rand" },
      criterion: { package: "criterion" },
      libc: { package: "libc" },
      // A `[[bin]]` ends the table before it: its `path` is not the dependency's.
      itertools: { package: "itertools" },
      cc: { package: "cc" },
    });
  });

  it("finds a registry crate at the version Cargo.lock names, in a directory source or CARGO_HOME", () => {
    const home = tree({
      "registry/src/index.crates.io-1/num-traits-0.2.9/src/lib.rs": "pub trait Old {}\n",
      "registry/src/index.crates.io-1/num-traits-0.2.15/src/identities.rs": TRAIT,
      "registry/src/index.crates.io-1/num-traits-0.2.15/README.md": "not code\n",
    });
    vi.stubEnv("CARGO_HOME", home);
    const crate = tree({
      "Cargo.toml": '[package]\nname = "app"\n\n[dependencies]\nnum-traits = "0.2"\n',
    });
    const text = "use num_traits::Zero;\n";
    // Without a lock: the newest there.
    expect(dependencySources(crate, text).map((f) => f.text)).toEqual([TRAIT]);
    writeFileSync(
      path.join(crate, "Cargo.lock"),
      '[[package]]\nname = "num-traits"\nversion = "0.2.9"\n',
    );
    expect(dependencySources(crate, text).map((f) => path.basename(f.path))).toEqual(["lib.rs"]);
  });

  it("finds a crate in a directory source a cargo config names, and a path dependency", () => {
    vi.stubEnv("CARGO_HOME", tree({}));
    const registry = tree({ "numish-1.0.0/src/lib.rs": TRAIT });
    const crate = tree({
      ".cargo/config.toml": `[source.crates-io]\nreplace-with = "local"\n\n[source.local]\ndirectory = "${registry}"\n`,
      "Cargo.toml":
        '[package]\nname = "app"\n\n[dependencies]\nnumish = "1"\nhelper = { path = "helper" }\n',
      "helper/src/lib.rs": "pub trait Helper {\n    fn help(&self);\n}\n",
    });
    const sources = dependencySources(crate, "use numish::Zero;\nuse helper::Helper;\n");
    expect(sources.map((f) => path.relative(path.dirname(crate), f.path)).sort()).toEqual(
      [
        path.relative(path.dirname(crate), path.join(registry, "numish-1.0.0/src/lib.rs")),
        path.relative(path.dirname(crate), path.join(crate, "helper/src/lib.rs")),
      ].sort(),
    );
    // A crate the manifest does not declare is not looked for.
    expect(dependencySources(crate, "use other::Zero;\n")).toEqual([]);
  });
});
