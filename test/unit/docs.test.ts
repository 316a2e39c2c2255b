import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs a newcomer reads (issue 44): the README is a front page, not the
 * reference, and every link between the docs leads somewhere — a file that
 * exists, and a heading that exists in it.
 */
const ROOT = path.join(import.meta.dirname, "..", "..");
const DOCS = [
  "README.md",
  "CONTRIBUTING.md",
  "CHANGELOG.md",
  "bench/README.md",
  "local-agent/README.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? "")));
}

/** Every relative link of a Markdown file, outside code: `[text](target)`. */
function linksOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((target) => !/^(?:https?:|mailto:|file:)/.test(target));
}

describe("the docs", () => {
  it("keep the README a front page: at most 350 lines", () => {
    const lines = readFileSync(path.join(ROOT, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(350);
  });

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of DOCS)
      for (const link of linksOf(file)) {
        const [target = "", anchor] = link.split("#");
        const to = target ? path.posix.join(path.posix.dirname(file), target) : file;
        if (!existsSync(path.join(ROOT, to))) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor && to.endsWith(".md") && !anchorsOf(to).has(anchor))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    expect(broken).toEqual([]);
  });
});
