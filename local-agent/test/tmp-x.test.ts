import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { moveSymbol, projectOf } from "./move-harness.ts";

const SRC = process.env.SRC ?? "/tmp/tomlx";
const EXT = process.env.EXT ?? ".go";
const files: Record<string, string> = {};
for (const name of readdirSync(SRC, { recursive: true }) as string[]) {
  if (!name.endsWith(EXT) && !name.endsWith("go.mod") && !name.endsWith("Cargo.toml")) continue;
  if (name.startsWith(".git")) continue;
  files[name] = readFileSync(path.join(SRC, name), "utf8");
}
const MOVES = (process.env.MOVES ?? "")
  .split(";")
  .filter(Boolean)
  .map((m) => m.split(","));
it("show", { timeout: 600_000 }, async () => {
  for (const [from, name, to] of MOVES) {
    const project = projectOf(files);
    const moved = await moveSymbol(
      project,
      from as string,
      name as string,
      to as string,
      false,
      "keep",
    );
    console.log("ROOT", project.root, JSON.stringify(moved.error));
    console.log(
      `### ${name}`,
      JSON.stringify(moved.check, null, 1),
      JSON.stringify(moved.results.map((r) => [r.path, r.imports?.changes])),
    );
    for (const f of (process.env.SHOW ?? "").split(",").filter(Boolean))
      console.log(`== ${f}\n${project.read(f)}`);
  }
});
