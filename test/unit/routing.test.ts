import { describe, expect, it } from "vitest";
import { type AgentInfo, describeRequest, pickAgent } from "../../src/bridge/routing.ts";

const agent = (name: string, project: string): AgentInfo => ({
  name,
  project,
  roots: [`/home/me/${project}`],
  read_only: false,
  version: "0.2.0",
  platform: "linux",
  connected_at: 0,
  last_seen: 0,
});
const what = "Reading `a.ts`";

describe("pickAgent", () => {
  it("takes the named agent, or says which are connected", () => {
    const agents = [agent("one", "p1"), agent("two", "p2")];
    expect(pickAgent(agents, { agent: "two", project: "p1", what })).toMatchObject({
      ok: true,
      agent: { name: "two" },
    });
    const missing = pickAgent(agents, { agent: "three", project: "p1", what });
    expect(missing).toMatchObject({ ok: false, code: "AGENT_NOT_CONNECTED" });
    expect(missing.ok || missing.message).toMatch(/`three`.*`one`.*`two`/);
  });

  it("takes the only agent, whatever its project", () => {
    expect(pickAgent([agent("one", "p1")], { project: "elsewhere", what })).toMatchObject({
      ok: true,
      agent: { name: "one" },
    });
  });

  it("takes the only agent on the session's project among several", () => {
    const agents = [agent("one", "p1"), agent("two", "p2")];
    expect(pickAgent(agents, { project: "p2", what })).toMatchObject({
      ok: true,
      agent: { name: "two" },
    });
  });

  it("answers AGENT_AMBIGUOUS when no single agent works on the project, listing all", () => {
    for (const agents of [
      [agent("one", "p1"), agent("two", "p2")],
      [agent("one", "p1"), agent("two", "p1")],
    ]) {
      const route = pickAgent(agents, { project: "p9", what });
      expect(route).toMatchObject({ ok: false, code: "AGENT_AMBIGUOUS" });
      expect(route.ok || route.message).toMatch(/`one`.*`two`.*`agent`/);
    }
    expect(
      pickAgent([agent("one", "p1"), agent("two", "p1")], { project: "p1", what }),
    ).toMatchObject({
      ok: false,
      code: "AGENT_AMBIGUOUS",
    });
  });

  it("quotes every value an agent's hello gave, roots included, so none reads as free text", () => {
    const odd = { ...agent("one", "p1"), roots: ["/home/me/a`b", "/srv/x y"] };
    const route = pickAgent([odd, agent("two", "p2")], { project: "p9", what });
    expect(route.ok || route.message).toContain(
      "`one` (project `p1`, roots ``/home/me/a`b``, `/srv/x y`)",
    );
    const missing = pickAgent([odd], { agent: "three", project: "p1", what });
    expect(missing.ok || missing.message).toContain("roots ``/home/me/a`b``, `/srv/x y`");
  });

  it("says what needed an agent when none is connected", () => {
    const route = pickAgent([], { project: "p", what });
    expect(route).toMatchObject({ ok: false, code: "AGENT_NOT_CONNECTED" });
    expect(route.ok || route.message).toContain("Reading `a.ts` needs the local agent");
  });
});

describe("describeRequest", () => {
  it("names the files or the clipboard a request touches", () => {
    expect(describeRequest("read", { path: "src/a.ts" })).toBe("Reading `src/a.ts`");
    expect(
      describeRequest("apply", {
        context: { session: "default", op: 1 },
        dry_run: false,
        texts: ["x"],
        edits: [
          { kind: "paste", path: "a.ts", mode: "append", text: 0 },
          { kind: "paste", path: "a.ts", mode: "prepend", text: 0 },
          { kind: "write", path: "b.json", text: 0 },
        ],
      }),
    ).toBe("Writing `a.ts`, `b.json`");
    expect(describeRequest("os_write", { text: "x" })).toBe("Writing the OS clipboard");
  });
});
