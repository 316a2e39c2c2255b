import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files start in. vitest's own sequencer runs projects in the order
 * of their names (longest file first within each). Here the workers project
 * goes first: its pool takes ~10 s to boot workerd and bundle its files, and
 * started first that boot overlaps the servers the end-to-end projects boot in
 * their global setups. Then every file of the agent and end-to-end projects,
 * longest first whatever its project, so that no long file starts last and
 * runs alone (sign-in's files used to, as the last project); the short unit
 * files come last, to fill the cores while the longest files finish.
 */
const FIRST = "workers";
const LAST = "unit";

/**
 * Seconds the slowest files take on 2 cores (a fresh clone's `npm test`,
 * 2026-11-25), for a run without vitest's own record of durations (a fresh
 * clone, CI). A hint only: files not listed, and every file once vitest has
 * timed it, go by vitest's order.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  "test/e2e-agent/crash.test.ts": 39,
  "test/e2e-agent/dev-server.test.ts": 31,
  "test/e2e-agent/files.test.ts": 27,
  "test/e2e/dashboard-browser.test.ts": 24,
  "test/e2e-auth/pairing.test.ts": 20,
  "test/e2e/bad-inputs.test.ts": 16,
  "test/e2e-agent/packed-agent.test.ts": 16,
  "test/e2e-agent/routing.test.ts": 15,
  "test/e2e-auth/expiry.test.ts": 14,
  "test/e2e/clipboard-tools.test.ts": 13,
  "test/e2e-auth/browser.test.ts": 11,
  "local-agent/test/responsiveness.test.ts": 11,
  "test/e2e-auth/oauth.test.ts": 10,
  "local-agent/test/os-clipboard.test.ts": 10,
  "test/workers/clipboard-session.test.ts": 9,
  "test/e2e-agent/references.test.ts": 9,
  "test/e2e/large-content.test.ts": 9,
  "local-agent/test/file-ops.test.ts": 8,
  "test/workers/odd-requests.test.ts": 8,
  "test/e2e/sessions.test.ts": 7,
  "test/e2e-auth/permissions.test.ts": 7,
};

export default class ProjectOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      spec.project.name === FIRST ? 0 : spec.project.name === LAST ? 2 : 1;
    const timed = files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec));
    const expected = (spec: TestSpecification) =>
      EXPECTED_SECONDS[spec.moduleId.slice(this.ctx.config.root.length + 1)] ?? 0;
    // Stable: within a project, vitest's order stays where nothing else decides.
    return (await super.sort(files)).sort(
      (a, b) => rank(a) - rank(b) || (timed ? 0 : expected(b) - expected(a)),
    );
  }
}
