import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "../support/chromium.ts";
import { baseUrl, dashboardLink, dashboardOrigin } from "./clients.ts";

/**
 * Browsers keep cookies by host, not by port: once the user opened the
 * dashboard link, a page served from any other port of 127.0.0.1 (another
 * account's server, a dev server gone bad) sends the dashboard cookie with
 * every request it makes to edgeclip. In real Chromium, such a page gets
 * nothing but opaque answers: no readable response (no CORS), no token, and
 * no WebSocket, under any spelling of /bridge or /live (issue 27). And since
 * issue 34 §4 the cookie never reaches another port: it belongs to the
 * dashboard's own host (`d-….localhost`), not to 127.0.0.1.
 */
let browser: Browser;
let context: BrowserContext;
let neighbour: Server;
let neighbourUrl: string;
/** The Cookie headers the neighbour's server was sent. */
const neighbourCookies: string[] = [];

beforeAll(async () => {
  neighbour = createServer((request, response) => {
    if (request.headers.cookie) neighbourCookies.push(request.headers.cookie);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>a neighbour</title><p>hello</p>");
  });
  await new Promise<void>((resolve) => neighbour.listen(0, "127.0.0.1", resolve));
  neighbourUrl = `http://127.0.0.1:${(neighbour.address() as AddressInfo).port}/`;
  if (!chromiumAvailable) return;
  browser = await launchChromium();
  context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await dashboardLink());
  await page.waitForURL(`${await dashboardOrigin()}/`);
  await page.close();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => neighbour?.close(resolve));
});

describe.skipIf(!chromiumAvailable)("a page on another loopback port", () => {
  it("gets only opaque answers from the dashboard, and no WebSocket under any spelling of /bridge or /live", async () => {
    const dashboard = await context.newPage();
    await dashboard.goto(new URL("/", await dashboardOrigin()).href);
    // The user's own tab is signed in: the cookie is there.
    expect(await dashboard.locator("h1").first().textContent()).toContain("sessions");
    await dashboard.close();

    const page = await context.newPage();
    await page.goto(neighbourUrl);
    const target = new URL(baseUrl()).origin;
    const found = await page.evaluate(async (target: string) => {
      const out: Record<string, string> = {};
      // Browser fetch options (the Workers types this file is checked with do not have them).
      const include = { credentials: "include" } as unknown as RequestInit;
      const opaqueInit = { credentials: "include", mode: "no-cors" } as unknown as RequestInit;
      for (const path of ["/", "/session/default", "/agents", "/user/raw?key=k"]) {
        try {
          const r = await fetch(target + path, include);
          out[`cors ${path}`] = `read ${r.status}: ${(await r.text()).slice(0, 200)}`;
        } catch {
          out[`cors ${path}`] = "blocked";
        }
        const opaque = (await fetch(target + path, opaqueInit)) as Response & { type: string };
        out[`no-cors ${path}`] = `${opaque.type} ${opaque.status}`;
      }
      const ws = (path: string) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(target.replace(/^http/, "ws") + path);
          const timer = setTimeout(() => resolve("no answer"), 5000);
          socket.addEventListener("open", () => {
            clearTimeout(timer);
            socket.close();
            resolve("open");
          });
          socket.addEventListener("error", () => {
            clearTimeout(timer);
            resolve("refused");
          });
        });
      for (const path of ["/bridge", "/%62ridge", "/bridg%65", "//bridge", "/live", "/liv%65"])
        out[`ws ${path}`] = await ws(path);
      return out;
    }, target);
    for (const [probe, outcome] of Object.entries(found)) {
      if (probe.startsWith("cors ")) expect(outcome, probe).toBe("blocked");
      if (probe.startsWith("no-cors ")) expect(outcome, probe).toBe("opaque 0");
      if (probe.startsWith("ws ")) expect(outcome, probe).toBe("refused");
    }
    expect(Object.keys(found)).toHaveLength(14);
    await page.close();
  });

  it("never sends the dashboard cookie to another port: the neighbour's server gets no cookie at all (issue 34 §4)", async () => {
    const page = await context.newPage();
    await page.goto(neighbourUrl);
    await page.reload();
    await page.close();
    // 0.7 set the cookie for 127.0.0.1, which the browser sent to every port of it.
    expect(neighbourCookies).toEqual([]);
    const [cookie] = (await context.cookies()).filter((c) => c.name === "__Host-edgeclip-local");
    expect(cookie?.domain).toBe(new URL(await dashboardOrigin()).hostname);
    // It expires (12 hours), rather than lasting as long as the browser does.
    expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000);
    expect(cookie?.expires ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(
      Date.now() / 1000 + 12 * 3600 + 60,
    );
  });
});
