/**
 * A deterministic bound on the work of the fuzzy anchor stage. Texts built to
 * defeat its filters (a 4,000-character anchor with three typos in 10 MiB of
 * near-copies of it) would otherwise cost seconds; past the budget the search
 * stops and says why, on every machine alike (units, not milliseconds).
 *
 * One unit is about one step of Myers' algorithm on a 32-character block, or
 * one cell of a banded dynamic program; 250 million is under a second on a 2-core
 * machine (bench/anchors.ts), several times what any text a person wrote needs.
 */
export const WORK_BUDGET = 250_000_000;

export class WorkBudgetExceeded extends Error {
  constructor() {
    super("the fuzzy anchor search went over its work budget");
  }
}

export class WorkMeter {
  spent = 0;
  readonly budget: number;

  constructor(budget = WORK_BUDGET) {
    this.budget = budget;
  }

  /** Adds `units`; throws WorkBudgetExceeded past the budget. Call it in batches, not per step. */
  charge(units: number): void {
    this.spent += units;
    if (this.spent > this.budget) throw new WorkBudgetExceeded();
  }
}
