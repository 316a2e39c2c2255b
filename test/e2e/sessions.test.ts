import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV1,
  connectV2,
  expectToolError,
  ok,
  startSession,
  unique,
} from "./clients.ts";

interface Listing {
  entries: { key: string; scope: string }[];
}
interface SessionRow {
  session: string;
  project: string;
  description: string;
  entries: number;
  last_used_at: string | null;
  expires_at: string | null;
}

describe("sessions and scopes", () => {
  let v1: AnyClient;
  let v2: AnyClient;
  const started: string[] = [];
  const start = async (
    client: AnyClient,
    options: { project?: string; description?: string } = {},
  ) => {
    const handle = await startSession(client, options);
    started.push(handle);
    return handle;
  };
  beforeAll(async () => {
    v1 = await connectV1();
    v2 = await connectV2();
  });
  afterAll(async () => {
    for (const session of started) await call(v1, "session", { action: "end", session });
    await v1.close();
    await v2.close();
  });

  it("mints a fresh handle per session start and lists it with its project and description", async () => {
    const project = unique("proj");
    const first = await call(v1, "session", {
      action: "start",
      project,
      description: "parallel agent A",
    });
    expect(first.isError).toBeFalsy();
    expect(first.data).toMatchObject({
      project,
      description: "parallel agent A",
      idle_expiry_hours: 24,
    });
    const handle = first.data.session as string;
    started.push(handle);
    expect(handle).toMatch(/^s-[a-z2-7]{12}$/);
    const second = await start(v1, { project });
    expect(second).not.toBe(handle);

    await ok(v1, "copy", { session: handle, key: "counted", text: "x\n" });
    const { sessions } = await ok<{ sessions: SessionRow[] }>(v2, "session", { action: "list" });
    const row = sessions.find((s) => s.session === handle);
    expect(row).toMatchObject({ project, description: "parallel agent A", entries: 1 });
    expect(row?.expires_at).not.toBeNull();
    expect(Date.parse(row?.expires_at ?? "") - Date.parse(row?.last_used_at ?? "")).toBe(
      24 * 3600 * 1000,
    );
    const byDefault = sessions.find((s) => s.session === "default");
    expect(byDefault).toMatchObject({ project: "default", expires_at: null });
  });

  it("keeps two sessions' session-scope entries apart", async () => {
    const project = unique("proj");
    const a = await start(v1, { project });
    const b = await start(v2, { project });
    await ok(v1, "copy", { session: a, key: "private-note", text: "only A\n" });

    const fromB = await call(v2, "read", { session: b, from: "@private-note" });
    expectToolError(fromB, "ENTRY_NOT_FOUND", ["private-note"]);
    const listB = await ok<Listing>(v2, "list", { session: b });
    expect(listB.entries.map((e) => e.key)).not.toContain("private-note");
    const searchB = await ok<{ results: { key: string }[] }>(v2, "list", {
      session: b,
      query: "only A",
    });
    expect(searchB.results.map((r) => r.key)).not.toContain("private-note");
    const exportB = await ok<{ document: string }>(v2, "update", {
      session: b,
      action: "export",
      scope: "session",
    });
    expect(exportB.document).not.toContain("private-note");
    // B's changes to a key of the same name do not reach A.
    await ok(v2, "copy", { session: b, key: "private-note", text: "only B\n" });
    const fromA = await ok<{ content: string }>(v1, "read", { session: a, from: "@private-note" });
    expect(fromA.content).toBe("only A\n");
    await ok(v2, "update", { session: b, action: "delete", key: "private-note" });
    expect(
      (await ok<{ content: string }>(v1, "read", { session: a, from: "@private-note" })).content,
    ).toBe("only A\n");
    // Nor its history.
    const historyB = await ok<{ operations: { key: string | null }[] }>(v2, "session", {
      session: b,
      action: "history",
      limit: 100,
    });
    const historyA = await ok<{ operations: { key: string | null }[] }>(v1, "session", {
      session: a,
      action: "history",
      limit: 100,
    });
    expect(historyA.operations.map((o) => o.key)).toEqual(["private-note"]);
    expect(historyB.operations.map((o) => o.key)).toEqual(["private-note", "private-note"]); // B's own copy and delete
    // The default session does not see it either.
    const key = unique("private");
    await ok(v1, "copy", { session: a, key, text: "A again\n" });
    expectToolError(await call(v1, "read", { from: { clip: key } }), "ENTRY_NOT_FOUND", [key]);
  });

  it("shares a project-scope entry between sessions of the same project, and only those", async () => {
    const project = unique("proj");
    const a = await start(v1, { project });
    const b = await start(v2, { project });
    const stranger = await start(v1, { project: unique("other") });
    const key = unique("shared");

    const receipt = await ok<{ scope: string }>(v1, "copy", {
      session: a,
      key,
      text: "for the team\n",
      scope: "project",
    });
    expect(receipt.scope).toBe("project");

    const seen = await ok<{ content: string; scope: string }>(v2, "read", {
      session: b,
      from: { clip: key },
    });
    expect(seen).toMatchObject({ content: "for the team\n", scope: "project" });
    const listed = await ok<Listing>(v2, "list", { session: b, scope: "project" });
    expect(listed.entries.map((e) => e.key)).toContain(key);

    expectToolError(
      await call(v1, "read", { session: stranger, from: { clip: key } }),
      "ENTRY_NOT_FOUND",
      [key],
    );
    const strangerList = await ok<Listing>(v1, "list", { session: stranger });
    expect(strangerList.entries.map((e) => e.key)).not.toContain(key);

    // A change from B is what A reads next.
    await ok(v2, "update", { session: b, key, text: "edited by B\n" });
    expect(
      (await ok<{ content: string }>(v1, "read", { session: a, from: { clip: key } })).content,
    ).toBe("edited by B\n");
  });

  it("reads session scope before project before user when no scope is given", async () => {
    const project = unique("proj");
    const a = await start(v1, { project });
    const b = await start(v1, { project });
    const key = unique("layered");
    await ok(v1, "copy", { session: a, key, text: "user\n", scope: "user" });
    await ok(v1, "copy", { session: a, key, text: "project\n", scope: "project" });
    await ok(v1, "copy", { session: a, key, text: "session\n" });

    expect(
      (await ok<{ content: string }>(v1, "read", { session: a, from: { clip: key } })).content,
    ).toBe("session\n");
    expect(
      (await ok<{ content: string }>(v1, "read", { session: b, from: { clip: key } })).content,
    ).toBe("project\n");
    const user = await ok<{ content: string; scope: string }>(v1, "read", {
      session: b,
      from: { clip: key, scope: "user" },
    });
    expect(user).toMatchObject({ content: "user\n", scope: "user" });

    const elsewhere = await start(v2, { project: unique("elsewhere") });
    expect(
      await ok<{ content: string; scope: string }>(v2, "read", {
        session: elsewhere,
        from: { clip: key },
      }),
    ).toMatchObject({
      content: "user\n",
      scope: "user",
    });

    await ok(v1, "update", { session: a, action: "delete", key, scope: "user" });
    await ok(v1, "update", { session: a, action: "delete", key, scope: "project" });
    expectToolError(
      await call(v1, "read", { session: b, from: { clip: key } }),
      "ENTRY_NOT_FOUND",
      [key],
    );
  });

  it("clears a project scope for its sessions without touching another project's", async () => {
    const project = unique("proj");
    const a = await start(v1, { project });
    const b = await start(v1, { project });
    const other = await start(v1, { project: unique("proj") });
    await ok(v1, "copy", { session: a, key: "p-1", text: "1\n", scope: "project" });
    await ok(v1, "copy", { session: b, key: "p-2", text: "2\n", scope: "project" });
    await ok(v1, "copy", { session: other, key: "p-1", text: "other project\n", scope: "project" });
    await ok(v1, "copy", { session: a, key: "s-1", text: "session\n" });

    const cleared = await ok<{ deleted: number; scope: string }>(v2, "update", {
      session: b,
      action: "clear",
      scope: "project",
    });
    expect(cleared).toMatchObject({ deleted: 2, scope: "project" });
    expect((await ok<Listing>(v1, "list", { session: a, scope: "project" })).entries).toEqual([]);
    expect((await ok<{ content: string }>(v1, "read", { session: a, from: "@s-1" })).content).toBe(
      "session\n",
    );
    expect(
      (await ok<{ content: string }>(v1, "read", { session: other, from: "@p-1" })).content,
    ).toBe("other project\n");
  });

  it("ends a session: its entries go, it answers UNKNOWN_SESSION afterwards, its project entries stay", async () => {
    const project = unique("proj");
    const doomed = await startSession(v1, { project });
    const peer = await start(v1, { project });
    const key = unique("left-behind");
    await ok(v1, "copy", { session: doomed, key: "mine-1", text: "1\n" });
    await ok(v1, "copy", { session: doomed, key: "mine-2", text: "2\n" });
    await ok(v1, "copy", { session: doomed, key, text: "kept\n", scope: "project" });

    const ended = await ok<{ session: string; ended: boolean; entries_deleted: number }>(
      v2,
      "session",
      { action: "end", session: doomed },
    );
    expect(ended).toEqual({ session: doomed, ended: true, entries_deleted: 2 });

    for (const [name, args] of [
      ["read", { session: doomed, from: "@mine-1" }],
      ["list", { session: doomed }],
      ["copy", { session: doomed, key: "again", text: "x" }],
      ["session", { session: doomed, action: "history" }],
      ["session", { session: doomed, action: "todo" }],
    ] as const) {
      expectToolError(await call(v1, name, args), "UNKNOWN_SESSION", [doomed, "action start"]);
    }
    expectToolError(
      await call(v1, "session", { action: "end", session: doomed }),
      "UNKNOWN_SESSION",
      [doomed],
    );

    const { contents } = await v2.readResource({ uri: `clipboard://${doomed}` });
    expect((contents[0] as { text?: string }).text).toMatch(/^UNKNOWN_SESSION: /);
    const { sessions } = await ok<{ sessions: SessionRow[] }>(v1, "session", { action: "list" });
    expect(sessions.map((s) => s.session)).not.toContain(doomed);
    expect(
      (await ok<{ content: string }>(v1, "read", { session: peer, from: { clip: key } })).content,
    ).toBe("kept\n");
    await ok(v1, "update", { session: peer, action: "delete", key, scope: "project" });
  });

  it("refuses to end the default session with SESSION_PROTECTED, and it keeps working", async () => {
    const key = unique("default-alive");
    await ok(v1, "copy", { key, text: "still here\n" });
    expectToolError(
      await call(v1, "session", { action: "end", session: "default" }),
      "SESSION_PROTECTED",
      ["default"],
    );
    expect((await ok<{ content: string }>(v2, "read", { from: { clip: key } })).content).toBe(
      "still here\n",
    );
    await ok(v1, "update", { action: "delete", key });
  });
});
