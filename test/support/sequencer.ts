import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the projects start in. vitest's own sequencer runs projects in
 * the order of their names (longest file first within each); a project's
 * first files wait for their workers to start, and the workers project's pool
 * takes ~10 s to boot workerd and bundle its files. Started first, that boot
 * overlaps the servers the end-to-end projects boot in their global setups,
 * instead of running alone at the end of the run. Sign-in's project goes
 * before the agent's and e2e's: its long files (pairing, expiry) used to end
 * the run alone; e2e's many short files, then the unit files, come last, to
 * fill the cores while the longest files finish. Projects stay together:
 * mixing their files, longest first, was measured slower (197 s against
 * 183 s), as each switch starts a worker for the other project.
 */
const ORDER = ["workers", "agent", "e2e-auth", "e2e-agent", "e2e", "unit"];

/**
 * Seconds the slowest files take on 2 cores (a fresh clone's run, 2026-11-25), for a run without vitest's own
 * record of durations (a fresh clone, CI): longest first, as vitest orders
 * them once it has run them, rather than largest first. A hint only: files
 * not listed, and every file once vitest has timed it, go by vitest's order.
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
    const rank = (spec: TestSpecification) => {
      const i = ORDER.indexOf(spec.project.name);
      return i === -1 ? ORDER.length : i;
    };
    const timed = files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec));
    const expected = (spec: TestSpecification) =>
      EXPECTED_SECONDS[spec.moduleId.slice(this.ctx.config.root.length + 1)] ?? 0;
    // Stable: within a project, vitest's order stays where nothing else decides.
    return (await super.sort(files)).sort(
      (a, b) => rank(a) - rank(b) || (timed ? 0 : expected(b) - expected(a)),
    );
  }
}
