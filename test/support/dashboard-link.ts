import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { dashboardLinkPage } from "../../src/shared/core/dashboard-host.ts";
import { type Browser, field } from "./browser.ts";

/**
 * The dashboard link as `npm start` makes it (issue 42 §2): a page in a
 * private file that posts this run's dashboard key to the dashboard's host.
 */

/** Writes the link page of the server at `url` (its credential, its run) to a private file: its file:// URL. */
export async function dashboardLinkFile(url: string, token: string, boot: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "edgeclip-link-"));
  const file = path.join(dir, "dashboard.html");
  writeFileSync(file, await dashboardLinkPage(url, token, boot), { mode: 0o600 });
  chmodSync(file, 0o600);
  return pathToFileURL(file).href;
}

/** What a browser does with the link page `html`: posts its form from the file (Origin: null). */
export function followLinkPage(browser: Browser, html: string): Promise<Response> {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the link page:\n${html}`);
  return browser.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    body: new URLSearchParams({ key: field(html, "key") }).toString(),
  });
}
