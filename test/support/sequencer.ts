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
 * Seconds the slowest files take on 2 cores (a fresh machine's run, 2026-12-02; the move
 * invariant's files from its one file's time, by language), for a run without vitest's own
 * record of durations (a fresh clone, CI): longest first, as vitest orders
 * them once it has run them, rather than largest first. A hint only: files
 * not listed, and every file once vitest has timed it, go by vitest's order.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  "local-agent/test/move-invariant-python.test.ts": 72,
  "local-agent/test/move-invariant-rust.test.ts": 60,
  "local-agent/test/move-invariant-ts.test.ts": 50,
  "local-agent/test/move-invariant-go.test.ts": 48,
  "local-agent/test/build-guard.test.ts": 76,
  "test/e2e-agent/doors.test.ts": 74,
  "test/e2e-agent/squatter.test.ts": 41,
  "local-agent/test/os-clipboard.test.ts": 35,
  "test/e2e-agent/dev-server.test.ts": 32,
  "test/e2e-agent/files.test.ts": 26,
  "test/e2e-agent/routing.test.ts": 24,
  "test/e2e/dashboard-browser.test.ts": 24,
  "test/e2e-agent/busy-machine.test.ts": 22,
  "test/e2e-agent/crash.test.ts": 21,
  "local-agent/test/compute-thread.test.ts": 20,
  "test/e2e-agent/packed-agent.test.ts": 18,
  "test/e2e/clipboard-tools.test.ts": 16,
  "test/workers/clipboard-session.test.ts": 15,
  "test/e2e-agent/hostile-structure.test.ts": 15,
  "test/e2e-auth/pairing.test.ts": 14,
  "local-agent/test/responsiveness.test.ts": 13,
  "test/e2e/busy-port.test.ts": 13,
  "test/e2e/bad-inputs.test.ts": 13,
  "local-agent/test/file-ops.test.ts": 13,
  "local-agent/test/data-formats.test.ts": 12,
  "test/e2e-auth/expiry.test.ts": 12,
  "test/e2e-agent/private-state.test.ts": 12,
  "test/workers/odd-requests.test.ts": 11,
  "test/e2e-agent/references.test.ts": 11,
  "local-agent/test/move-invariant-java.test.ts": 9,
  "test/workers/bridge.test.ts": 9,
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
