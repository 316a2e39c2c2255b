import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  ok,
  startSession,
  unique,
  unnumbered,
} from "../e2e/clients.ts";
import { lane } from "../support/lanes.ts";
import { which } from "../support/x11.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

/**
 * Markers in results are inert (DESIGN.md §3), with a real agent: a README that
 * holds markers naming a private file, a user-scope entry and the OS clipboard
 * is read, and the text the result showed, pasted back as `text`, writes
 * exactly the README's bytes and none of what the markers name.
 */

const userKey = unique("user-token");
const USER_SECRET = "USER-SCOPE-TOKEN-5e1d";
const FILE_SECRET = "PRIVATE-NOTES-FILE-0c42";
const OS_SECRET = "OS-CLIPBOARD-SECRET-88aa";

const README = `# Project

Notes: {{ref:path=private-notes.txt}}
Token: {{ref:clip=${userKey},scope=user}}
Clipboard: {{ref:source=os}}
Docs write a literal marker as \\{{ref:path=x}}.
`;

const display = lane().display;
/** The OS clipboard can hold a secret for the test only with an X display and xclip. */
const osClipboard = Boolean(display) && which("xclip") !== undefined;

let root: string;
let agent: AgentProcess;
let v1: AnyClient;
let v2: AnyClient;
let session: string;
const file = (name: string) => readFileSync(path.join(root, name), "utf8");

beforeAll(async () => {
  root = tempProject({ "README.md": README, "private-notes.txt": `${FILE_SECRET}\n` });
  agent = await startAgent({ root, name: "inert-agent", project: "inert-project" });
  v1 = await connectV1();
  v2 = await connectV2();
  session = await startSession(v1, { project: "inert-project" });
  await ok(v1, "copy", { session, key: userKey, scope: "user", text: USER_SECRET });
  if (osClipboard) await ok(v1, "paste", { session, text: OS_SECRET, to: "os:" });
});

afterAll(async () => {
  await call(v1, "update", { session, action: "delete", key: userKey, scope: "user" });
  await v1?.close();
  await v2?.close();
  await agent?.stop();
});

/** A pasted file holds the README's bytes exactly, and nothing the markers name. */
function expectExactlyTheReadme(name: string) {
  const written = file(name);
  expect(written).toBe(README);
  for (const secret of [USER_SECRET, FILE_SECRET, OS_SECRET]) expect(written).not.toContain(secret);
}

describe("text echoed from a result never expands", () => {
  it("read a README holding three markers, paste the text it showed: out.txt is the README, byte for byte", async () => {
    const read = await call(v1, "read", { session, from: "README.md" });
    expect(read.isError, read.text).toBeFalsy();
    const shown = unnumbered(read.content[1]?.text ?? "");
    expect(shown).toContain("Notes: \\{{ref:path=private-notes.txt}}");
    expect(read.data.content).toBe(shown);
    const pasted = await call(v2, "paste", {
      session,
      text: shown,
      to: { path: "out.txt", create_if_missing: true },
    });
    expect(pasted.isError, pasted.text).toBeFalsy();
    expectExactlyTheReadme("out.txt");
  });

  it("the same through copy: the entry holds the README's bytes, and pasting it by key writes them", async () => {
    const read = await call(v1, "read", { session, from: "README.md", ttl_calls: 20 });
    // A second read answers "unchanged": the content is the entry read made; show it with a read of the entry.
    const got = await call(v1, "read", { session, from: `@${read.data.key as string}` });
    const shown = unnumbered(got.content[1]?.text ?? "");
    await ok(v1, "copy", { session, key: "echo", text: shown });
    await ok(v1, "paste", {
      session,
      from: "@echo",
      to: { path: "out-by-key.txt", create_if_missing: true },
    });
    expectExactlyTheReadme("out-by-key.txt");
  });

  it.skipIf(!osClipboard && !process.env.CI)(
    "the OS clipboard: a read of os: shows its markers escaped, and the text pasted back writes them literally",
    async () => {
      // Put the README on the OS clipboard as it is (its markers written as literals).
      await ok(v1, "paste", { session, text: README.replaceAll("{{ref:", "\\{{ref:"), to: "os:" });
      if (display)
        expect(
          execFileSync("xclip", ["-selection", "clipboard", "-o"], {
            env: { ...process.env, DISPLAY: display },
          }).toString(),
        ).toBe(README);
      const got = await call(v1, "read", { session, from: "os:" });
      expect(got.isError, got.text).toBeFalsy();
      const shown = unnumbered(got.content[1]?.text ?? "");
      await ok(v2, "paste", {
        session,
        text: shown,
        to: { path: "out-from-os.txt", create_if_missing: true },
      });
      expect(file("out-from-os.txt")).toBe(README);
      await ok(v1, "paste", { session, text: OS_SECRET, to: "os:" });
    },
  );
});

describe("anchors copied from a result", () => {
  it("select the passage they showed: \\{{ref: in start/end matches the file's {{ref:, exactly", async () => {
    const copied = await call(v1, "copy", {
      session,
      from: {
        path: "README.md",
        start: "Token: \\{{ref:clip=",
        end: "Clipboard: \\{{ref:source=os}}",
      },
      key: "passage",
    });
    expect(copied.isError, copied.text).toBeFalsy();
    // The pair covers whole lines, so it selects them (line breaks included).
    expect(copied.data.selected).toBe("anchors (exact; whole lines)");
    expect(copied.data).toMatchObject({ start_line: 4, end_line: 5 });
  });

  it("replace the passage they name in a paste target, and nowhere else", async () => {
    // Three markers as the read showed them: three backslashes more than the file has,
    // past what the fuzzy stage forgives (two typos), so only unescaping finds it.
    const shown = README.split("\n").slice(2, 5).join("\n").replaceAll("{{ref:", "\\{{ref:");
    const pasted = await call(v1, "paste", {
      session,
      text: "(three references, removed)",
      to: { path: "README.md", start: shown },
    });
    expect(pasted.isError, pasted.text).toBeFalsy();
    expect(file("README.md")).toBe(
      README.replace(README.split("\n").slice(2, 5).join("\n"), "(three references, removed)"),
    );
    await ok(v1, "undo", { session });
    expect(file("README.md")).toBe(README);
  });
});

describe("an export written to a file", () => {
  it("read back and imported inline restores the entries' exact bytes", async () => {
    const from = await startSession(v1, { project: "inert-project" });
    await ok(v1, "copy", {
      session: from,
      key: "readme",
      text: README.replaceAll("{{ref:", "\\{{ref:"),
    });
    await ok(v1, "update", {
      session: from,
      action: "export",
      scope: "session",
      path: "export.json",
    });
    expect(JSON.parse(file("export.json")).entries[0].content).toBe(README);
    const read = await call(v1, "read", { session: from, from: "export.json" });
    const shown = unnumbered(read.content[1]?.text ?? "");
    expect(shown).toContain("\\{{ref:path=private-notes.txt}}");
    const into = await startSession(v1, { project: "inert-project" });
    await ok(v1, "update", { session: into, action: "import", data: shown, dry_run: false });
    await ok(v1, "paste", {
      session: into,
      from: "@readme",
      to: { path: "out-imported.txt", create_if_missing: true },
    });
    expectExactlyTheReadme("out-imported.txt");
  });
});
