import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import agentPackage from "../../local-agent/package.json" with { type: "json" };
import {
  type AnyClient,
  connectV1,
  dashboardOrigin,
  localBrowser,
  ok,
  startSession,
} from "../e2e/clients.ts";
import { type Browser, field } from "../support/browser.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

/**
 * The dashboard's session history, its "undo the last file operation" action
 * and its local agents page, on the loopback server (a browser that opened
 * its dashboard link), with a real local agent writing real files.
 */

const NOTES = "first line\nsecond line\n";
const PASTED = "pasted by the dashboard test\n";
const NOTES_PATH = "docs/notes.txt";

let root: string;
let agent: AgentProcess;
let client: AnyClient;

const file = (name: string) => readFileSync(path.join(root, name), "utf8");
/** The dashboard's own origin (its cookie counts there alone), set before the tests. */
let origin = "";
beforeAll(async () => {
  origin = await dashboardOrigin();
});
const url = (p: string) => new URL(p, origin);
/** A browser on this machine that opened the dashboard link: the local user. */
const browser = localBrowser;

interface Row {
  id: number;
  op: string;
  note: string | undefined;
  what: string;
}

/** The history table's rows, newest first, as the page shows them. */
function historyRows(page: string): Row[] {
  const rows: Row[] = [];
  const pattern =
    /<tr><td>(\d+)<\/td><td>[^<]*<\/td><td>([a-z_]+)(?:<div class="note">([^<]*)<\/div>)?<\/td><td>([\s\S]*?)<\/td><\/tr>/g;
  for (const m of page.matchAll(pattern))
    rows.push({ id: Number(m[1]), op: m[2] ?? "", note: m[3], what: m[4] ?? "" });
  return rows;
}

async function historyPage(b: Browser, session: string, query = ""): Promise<string> {
  const response = await b.get(url(`/session/${session}/history${query}`));
  const page = await response.text();
  expect(response.status, page.slice(0, 500)).toBe(200);
  return page;
}

/**
 * Opens the undo confirmation page, as a person clicking the history's link:
 * it names operation `operation`; returns the form's fields (CSRF token and
 * the operation's id).
 */
async function undoForm(
  b: Browser,
  session: string,
  operation: number,
): Promise<{ csrf: string; op: string }> {
  const response = await b.get(url(`/session/${session}/undo`));
  const page = await response.text();
  expect(response.status, page.slice(0, 500)).toBe(200);
  expect(page).toContain(`Undo operation #${operation} (paste: ${NOTES_PATH}) of ${session}?`);
  expect(page).toContain(`action="/session/${session}/undo"`);
  const op = field(page, "op");
  expect(op).toBe(String(operation));
  return { csrf: field(page, "csrf"), op };
}

/** A session with one paste of PASTED into NOTES_PATH, through MCP; returns its handle and the paste's id. */
async function sessionWithPaste(): Promise<{ session: string; operation: number }> {
  const session = await startSession(client, { project: "dash-agent-project" });
  await ok(client, "copy", { session, text: PASTED, key: "dash-snippet" });
  const pasted = await ok<{ operation: number; files: { path: string }[] }>(client, "paste", {
    session,
    from: "@dash-snippet",
    to: NOTES_PATH,
  });
  expect(pasted.files.map((f) => f.path)).toEqual([NOTES_PATH]);
  expect(file(NOTES_PATH)).toBe(NOTES + PASTED);
  return { session, operation: pasted.operation };
}

beforeAll(async () => {
  root = tempProject({ [NOTES_PATH]: NOTES });
  agent = await startAgent({ root, name: "dash-agent", project: "dash-agent-project" });
  client = await connectV1();
});

afterAll(async () => {
  await client?.close();
  await agent?.stop();
});

describe("the dashboard with a local agent connected", () => {
  it("lists the agent on /agents with its name, project, root, access and version", async () => {
    const response = await (await browser()).get(url("/agents"));
    const page = await response.text();
    expect(response.status, page.slice(0, 500)).toBe(200);
    const row = /<tr><td><strong>dash-agent<\/strong><\/td>[\s\S]*?<\/tr>/.exec(page)?.[0];
    expect(row, page).toBeDefined();
    expect(row).toContain("<td>dash-agent-project</td>");
    expect(row).toContain(`<code>${root}</code>`);
    expect(row).toContain("<td>read and write</td>");
    expect(row).toContain(agentPackage.version);
    expect(page).not.toContain("No local agent is connected");
  });

  it("shows a paste and its file in history, undoes it from the undo page, and says so", async () => {
    const { session, operation } = await sessionWithPaste();
    const b = await browser();

    const before = await historyPage(b, session);
    const pasteRow = historyRows(before).find((r) => r.op === "paste");
    expect(pasteRow, before).toMatchObject({ id: operation, note: "done · dash-agent" });
    expect(pasteRow?.what).toContain(
      `<ul class="targets"><li><code>${NOTES_PATH}</code></li></ul>`,
    );
    expect(before).toContain(`href="/session/${session}/undo"`);
    expect(before).not.toContain('class="notice"');

    const form = await undoForm(b, session, operation);
    const undone = await b.post(url(`/session/${session}/undo`), form);
    expect(undone.status, await undone.clone().text()).toBe(303);
    const location = undone.headers.get("location") ?? "";
    expect(new URL(location, origin).pathname + new URL(location, origin).search).toBe(
      `/session/${session}/history?done=undone`,
    );

    // The agent restored the file, byte for byte.
    expect(file(NOTES_PATH)).toBe(NOTES);

    const after = await historyPage(b, session, "?done=undone");
    expect(after).toContain(
      '<p class="notice" role="status">The last file operation was undone.</p>',
    );
    const rows = historyRows(after);
    const undoRow = rows.find((r) => r.op === "undo");
    expect(undoRow, after).toBeDefined();
    expect(undoRow?.id).toBeGreaterThan(operation);
    expect(undoRow?.what).toContain(`#${operation}`);
    expect(undoRow?.what).toContain(`<code>${NOTES_PATH}</code>`);
    expect(rows[0]?.op).toBe("undo");
    expect(rows.find((r) => r.op === "paste")?.note).toBe("undone · dash-agent");
    // Nothing left that the link could undo.
    expect(after).not.toContain(`href="/session/${session}/undo"`);

    // MCP sees the same history: the dashboard's undo is the `undo` tool's operation.
    const { operations } = await ok<{ operations: { id: number; op: string }[] }>(
      client,
      "session",
      { session, action: "history" },
    );
    expect(operations[0]).toMatchObject({ id: undoRow?.id, op: "undo" });
  });

  it("refuses an undo POST without the page's CSRF token (403), and undoes nothing", async () => {
    const { session, operation } = await sessionWithPaste();
    const target = url(`/session/${session}/undo`);

    // The dashboard cookie, but no CSRF token or cookie: a form posted without the page.
    const bare = await (await browser()).post(target, {});
    expect(bare.status).toBe(403);
    expect(await bare.text()).toContain("This form expired or came from another site.");

    // The cookie, but a token that is not it.
    const b = await browser();
    const { csrf, op } = await undoForm(b, session, operation);
    const forged = await b.post(target, {
      csrf: `${csrf.slice(0, -1)}${csrf.endsWith("A") ? "B" : "A"}`,
      op,
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<p class="error" role="alert">');

    // The right token, but the form comes from another site.
    const crossSite = await b.request(target, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: new URLSearchParams({ csrf, op }).toString(),
    });
    expect(crossSite.status).toBe(403);

    expect(file(NOTES_PATH)).toBe(NOTES + PASTED);
    const page = await historyPage(b, session);
    const rows = historyRows(page);
    expect(rows.map((r) => r.op)).not.toContain("undo");
    expect(rows.find((r) => r.op === "paste")?.note).toBe("done · dash-agent");

    // The genuine form still works afterwards; it puts the file back for the next test.
    const undone = await b.post(target, { csrf, op });
    expect(undone.status).toBe(303);
    expect(file(NOTES_PATH)).toBe(NOTES);
  });

  it("undoes only the operation its confirmation page named: a paste landing before the click is refused with 409, and nothing is undone", async () => {
    const { session, operation } = await sessionWithPaste();
    const b = await browser();
    const form = await undoForm(b, session, operation);

    // Another paste lands between the confirmation page and the click.
    const later = await ok<{ operation: number }>(client, "paste", {
      session,
      text: "a later paste\n",
      to: NOTES_PATH,
    });
    expect(file(NOTES_PATH)).toBe(`${NOTES}${PASTED}a later paste\n`);

    const refused = await b.post(url(`/session/${session}/undo`), form);
    const page = await refused.text();
    expect(refused.status, page.slice(0, 500)).toBe(409);
    expect(page).toContain(`Operation #${operation} is no longer the last file operation`);
    expect(page).toContain(`#${later.operation} (paste) came after it`);
    expect(file(NOTES_PATH)).toBe(`${NOTES}${PASTED}a later paste\n`);
    expect(historyRows(await historyPage(b, session)).map((r) => r.op)).not.toContain("undo");

    // Put the file back for the next test (newest first).
    await ok(client, "undo", { session, count: 2 });
    expect(file(NOTES_PATH)).toBe(NOTES);
  });

  it("answers 409 with the reason on the page when there is nothing to undo, and changes nothing", async () => {
    const session = await startSession(client, { project: "dash-agent-project" });
    const b = await browser();
    const before = await historyPage(b, session);
    expect(before).toContain("Nothing has happened in this session yet.");
    expect(before).not.toContain(`href="/session/${session}/undo"`);

    // The confirmation page itself says so, and offers no form.
    const confirmation = await b.get(url(`/session/${session}/undo`));
    expect(confirmation.status).toBe(409);
    expect(await confirmation.text()).toContain("Nothing to undo");

    // A form posted anyway (the CSRF token from another of the session's pages) changes nothing.
    const csrf = field(await (await b.get(url(`/session/${session}/end`))).text(), "csrf");
    const refused = await b.post(url(`/session/${session}/undo`), { csrf, op: "1" });
    const page = await refused.text();
    expect(refused.status, page.slice(0, 500)).toBe(409);
    expect(refused.headers.get("location")).toBeNull();
    expect(page).toContain("<h1>Not undone</h1>");
    expect(page).toMatch(
      /<p class="error" role="alert">Nothing to undo: this session has no file operation left to undo\.<\/p>/,
    );
    expect(page).toContain(`href="/session/${session}/history"`);

    expect(file(NOTES_PATH)).toBe(NOTES);
    const after = await historyPage(b, session);
    expect(historyRows(after)).toEqual([]);
    expect(after).toContain("Nothing has happened in this session yet.");
  });
});
