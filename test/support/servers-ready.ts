import { inject } from "vitest";

/**
 * A setup file of the projects whose global setup launches servers without
 * waiting for them (so they boot side by side, and beside the first tests):
 * before a file's tests, every server the project provides answers /health.
 * Once they do, this is one request each.
 */
const urls = [...(inject("lanes") ?? []).map((lane) => lane.url), inject("authUrl")].filter(
  (url): url is string => typeof url === "string" && url !== "",
);
const deadline = Date.now() + 90_000;
for (const url of urls) {
  for (;;) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline)
      throw new Error(`the test server ${url} did not answer within 90 s (its setup printed why)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
