import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { cimdHostScript } from "./test/workers/cimd-documents.ts";

/**
 * Five projects, all run by `npm test`:
 * - unit: pure modules, in Node;
 * - agent: the local agent's modules, in Node (real files in temporary directories);
 * - workers: the Durable Object and Worker inside workerd (@cloudflare/vitest-plugin);
 * - e2e: a real `wrangler dev` driven by the official MCP SDK clients;
 * - e2e-agent: another `wrangler dev`, with real edgeclip-agent processes on temporary directories;
 * - e2e-auth: a `wrangler dev` that requires sign-in: OAuth with the SDK's auth support, pairing, presets, isolation.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "agent",
          include: ["local-agent/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // The Worker's outbound fetches (client metadata documents) reach this, never the internet.
            miniflare: {
              outboundService: "cimd-host",
              workers: [
                {
                  name: "cimd-host",
                  modules: true,
                  compatibilityDate: "2026-11-01",
                  script: cimdHostScript(),
                },
              ],
            },
          }),
        ],
        test: { name: "workers", include: ["test/workers/**/*.test.ts"] },
      },
      {
        test: {
          name: "e2e-agent",
          include: ["test/e2e-agent/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e-agent/global-setup.ts"],
          // One file at a time: each controls which local agents are connected.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e-auth",
          include: ["test/e2e-auth/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e-auth/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
