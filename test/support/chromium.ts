import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/**
 * Headless Chromium for the page tests: `CHROMIUM_PATH`, else Debian's
 * `chromium-headless-shell` (`.ci/run` installs it: the same engine as
 * `chromium` without the full browser around it, as Playwright itself runs
 * headless; the full browser costs this suite's browser tests ~40 % more CPU),
 * else Debian's `chromium`. Tests skip without one, and CI fails.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ??
  "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM}`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}

/** Where the page tests keep their screenshots (a test artefact; not committed). */
export const SCREENSHOTS = join(import.meta.dirname, "..", "..", "test-artifacts", "screenshots");

/**
 * Saves a full-page screenshot as test-artifacts/screenshots/`name`.png, for a person
 * reviewing how the pages look, when EDGECLIP_SCREENSHOTS=1. Nothing checks them, and
 * the page tests' nine cost ~2.5 s of CPU, so `npm test` leaves them out.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.EDGECLIP_SCREENSHOTS !== "1") return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
