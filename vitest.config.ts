import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import ProjectOrder from "./test/support/sequencer.ts";
import { cimdHostScript } from "./test/workers/cimd-documents.ts";

/**
 * Five projects, all run by `npm test`:
 * - unit: pure modules, in Node;
 * - agent: the local agent's modules, in Node (real files in temporary directories);
 * - workers: the Durable Object and Worker inside workerd (@cloudflare/vitest-plugin);
 * - e2e: a real `wrangler dev` driven by the official MCP SDK clients;
 * - e2e-agent: `wrangler dev` servers (one per worker slot), with real edgeclip-agent processes on temporary directories;
 * - e2e-auth: a `wrangler dev` that requires sign-in: OAuth with the SDK's auth support, pairing, presets, isolation.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    // Most test time is spent waiting on servers and agent processes, so files run side by
    // side even on 2 cores (vitest's default is one worker per core, minus one). Files of the
    // Node projects share their workers (isolate: false): each new worker costs ~0.35 s of CPU,
    // and they hold no state a file could leak (fake timers and env stubs are undone after each).
    maxWorkers: 3,
    // Which project starts first (test/support/sequencer.ts).
    sequence: { sequencer: ProjectOrder },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          isolate: false,
          // Timeouts guard against hangs, not a slow machine: on 2 shared cores running three
          // files, a heavy test takes several times its idle time.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "agent",
          include: ["local-agent/test/**/*.test.ts", "local-agent/src/**/*.test.ts"],
          environment: "node",
          isolate: false,
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
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          // `npm test` runs this project in a vitest of its own with --maxWorkers 1, beside the
          // others (scripts/test.ts): one runtime instead of one per worker slot.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e-agent",
          setupFiles: ["test/support/servers-ready.ts"],
          isolate: false,
          include: ["test/e2e-agent/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e-agent/global-setup.ts"],
          // Files run side by side, each in a lane of its own (test/support/lanes.ts): a server
          // and an X display per worker slot, so a file controls which agents are connected.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e-auth",
          setupFiles: ["test/support/servers-ready.ts"],
          isolate: false,
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
          setupFiles: ["test/support/servers-ready.ts"],
          isolate: false,
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
