import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the projects start in. vitest's own sequencer runs projects in
 * the order of their names (longest file first within each); a project's
 * first files wait for their workers to start, and the workers project's pool
 * takes ~10 s to boot workerd and bundle its files. Started first, that boot
 * overlaps the servers the end-to-end projects boot in their global setups,
 * instead of running alone at the end of the run; the short unit files come
 * last, to fill the cores while the longest files finish.
 */
const ORDER = ["workers", "agent", "e2e-agent", "e2e", "e2e-auth", "unit"];

export default class ProjectOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = ORDER.indexOf(spec.project.name);
      return i === -1 ? ORDER.length : i;
    };
    // Stable: within a project, vitest's order (failed first, then longest first) stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
