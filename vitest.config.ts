import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Five projects, all run by `npm test`:
 * - unit: pure modules, in Node;
 * - agent: the local agent's modules, in Node (real files in temporary directories);
 * - workers: the Durable Object and Worker inside workerd (@cloudflare/vitest-plugin);
 * - e2e: a real `wrangler dev` driven by the official MCP SDK clients;
 * - e2e-agent: another `wrangler dev`, with real edgeclip-agent processes on temporary directories.
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
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
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
