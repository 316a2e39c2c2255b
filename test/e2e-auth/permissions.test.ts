import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok, sessionSnapshot } from "../e2e/clients.ts";
import { connectSignedIn, newAccount, type SignedIn } from "./signed-in.ts";

/**
 * Permission presets, chosen on the consent page and enforced in the tool
 * layer: every forbidden call answers PERMISSION_DENIED naming the preset, and
 * changes nothing.
 */
let full: SignedIn;
let sandboxed: SignedIn;
let trusted: SignedIn;

beforeAll(async () => {
  const account = await newAccount("presets");
  [full, sandboxed, trusted] = await Promise.all([
    connectSignedIn(account, "full"),
    connectSignedIn(account, "sandboxed"),
    connectSignedIn(account, "trusted"),
  ]);
  await ok(full.client, "copy", { text: "the user's own note", key: "note", scope: "user" });
  await ok(full.client, "copy", { text: "project wisdom", key: "wisdom", scope: "project" });
});

afterAll(async () => {
  await Promise.all([full, sandboxed, trusted].map((s) => s?.client.close()));
});

async function expectDenied(
  who: SignedIn,
  preset: string,
  name: string,
  args: Record<string, unknown>,
) {
  const before = await sessionSnapshot(full.client, "default");
  const result = await call(who.client, name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)}: ${result.text}`).toBe(true);
  expect(result.text).toMatch(
    new RegExp(`^PERMISSION_DENIED: This connection's grant is \`${preset}\``),
  );
  expect(await sessionSnapshot(full.client, "default")).toEqual(before);
  return result.text;
}

describe("the sandboxed preset", () => {
  it.each([
    ["copy", { text: "x", scope: "project" }, "the project scope"],
    ["copy", { text: "x", scope: "user" }, "the user scope"],
    ["read", { from: { clip: "note", scope: "user" } }, "the user scope"],
    ["list", { scope: "project" }, "the project scope"],
    ["list", { query: "wisdom", scope: "project" }, "the project scope"],
    ["update", { action: "clear", scope: "user" }, "the user scope"],
    ["update", { action: "delete", key: "note", scope: "user" }, "the user scope"],
    ["update", { action: "delete", key: "no-such-key", scope: "user" }, "the user scope"],
    ["copy", { from: { clip: "wisdom", scope: "project" } }, "the project scope"],
    ["copy", { text: "{{ref:clip=note,scope=user}}" }, "the user scope"],
    ["read", { from: "os:" }, "the OS clipboard"],
    ["paste", { text: "x", to: "os:" }, "the OS clipboard"],
    ["copy", { from: "os:" }, "the OS clipboard"],
    ["read", { from: ["@mine", "os:"] }, "the OS clipboard"],
    ["paste", { from: "os:", to: "a.txt" }, "the OS clipboard"],
    ["paste", { text: "x", to: { path: "a.txt", create_if_missing: true } }, "writing files"],
    ["copy", { from: "a.txt", cut: true }, "writing files"],
    ["move", { from: "a.txt:1-2", to: "b.txt" }, "writing files"],
    ["update", { action: "export", path: "export.json" }, "writing files"],
    ["undo", {}, "writing files"],
    ["undo", { redo: true }, "writing files"],
  ])("refuses %s %j (%s)", async (name, args, what) => {
    const text = await expectDenied(sandboxed, "sandboxed", name, args);
    expect(text).toContain(`not ${what}`);
  });

  it("cannot cite by result id what a full grant read from the user or project scope: in from, in a marker, as rN:a-b", async () => {
    const id = async (args: Record<string, unknown>) =>
      (await ok<{ reads: { result?: string }[] } & { result?: string }>(full.client, "read", args))
        .result ?? "";
    const fromUser = await id({ from: { clip: "note", scope: "user" } });
    const fromProject = await id({ from: { clip: "wisdom", scope: "project" } });
    expect(fromUser).toMatch(/^r\d+$/);
    for (const [r, scope] of [
      [fromUser, "the user scope"],
      [fromProject, "the project scope"],
    ] as const) {
      for (const [name, args] of [
        ["read", { from: r }],
        ["read", { from: `${r}:1-1` }],
        ["copy", { from: r }],
        ["copy", { text: `see {{ref:${r}:1}}` }],
        ["read", { from: ["@mine", r] }],
      ] as const) {
        const text = await expectDenied(sandboxed, "sandboxed", name, args);
        expect(text, `${name} ${JSON.stringify(args)}`).toContain(`showed what came from ${scope}`);
      }
    }
    // What it read itself, it cites; the full grant cites everything.
    const own = await ok<{ result: string }>(sandboxed.client, "copy", {
      text: "mine to cite",
      key: "cite-me",
      show: true,
    });
    expect(
      (await ok<{ content: string }>(sandboxed.client, "read", { from: own.result })).content,
    ).toContain("mine to cite");
    expect(
      (await ok<{ content: string }>(full.client, "read", { from: fromUser })).content,
    ).toContain("the user's own note");
    await ok(sandboxed.client, "update", { action: "delete", key: "cite-me" });
  });

  it("sees only the session scope where no scope is named", async () => {
    await ok(sandboxed.client, "copy", { text: "sandboxed session note", key: "mine" });
    const listed = await ok<{ entries: { key: string; scope: string }[] }>(
      sandboxed.client,
      "list",
      { scope: "all" },
    );
    expect(listed.entries.map((e) => e.scope)).toEqual(["session"]);
    const missing = await call(sandboxed.client, "read", { from: "@note" });
    expect(missing.text).toMatch(/^ENTRY_NOT_FOUND/);
    const found = await ok<{ results: { key: string }[] }>(sandboxed.client, "list", {
      query: "wisdom",
    });
    expect(found.results).toEqual([]);
  });
});

describe("the trusted preset", () => {
  it("reads the user scope but never writes it", async () => {
    const read = await ok<{ content: string }>(trusted.client, "read", {
      from: { clip: "note", scope: "user" },
    });
    expect(read.content).toBe("the user's own note");
    await expectDenied(trusted, "trusted", "copy", { text: "x", scope: "user" });
    await expectDenied(trusted, "trusted", "update", { key: "note", text: "changed" });
    await expectDenied(trusted, "trusted", "update", { action: "delete", key: "note" });
    await ok(trusted.client, "copy", { text: "swap me", key: "swappable" });
    const swap = await expectDenied(trusted, "trusted", "update", {
      action: "swap",
      key: "swappable",
      with: "note",
    });
    expect(swap).toContain("not writing to the user scope");
    expect(
      (
        await ok<{ content: string }>(full.client, "read", {
          from: { clip: "note", scope: "user" },
        })
      ).content,
    ).toBe("the user's own note");
  });

  it("writes the project scope", async () => {
    const copied = await call(trusted.client, "copy", {
      text: "x",
      key: "t-proj",
      scope: "project",
    });
    expect(copied.isError).toBeFalsy();
  });
});
