import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyClient, connectV1, serverFetch, startSession } from "./clients.ts";

/** The dashboard at / on the local server: what a browser holding its credential gets. */
let client: AnyClient;
beforeAll(async () => {
  client = await connectV1();
});
afterAll(async () => {
  await client.close();
});

const dashboard = async () => (await serverFetch("/", { headers: { accept: "text/html" } })).text();

describe("the dashboard's sessions page", () => {
  it("lists sessions started through MCP, with project and description", async () => {
    const handle = await startSession(client, {
      project: "dash-project",
      description: "dash test",
    });
    const page = await dashboard();
    expect(page).toContain(`<code>${handle}</code>`);
    expect(page).toContain("dash-project");
    expect(page).toContain("dash test");
  });

  it("shows hostile text as text: a description holding markup runs nothing", async () => {
    const hostile = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    await startSession(client, { description: hostile });
    const page = await dashboard();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=");
  });
});
