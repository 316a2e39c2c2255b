/**
 * A deterministic bound on the work of the fuzzy anchor stage. Texts built to
 * defeat its filters (10 MiB of runs of `a` against a 4,000-character `a`
 * anchor with three typos in one third, bench/anchor-cases.ts) would
 * otherwise cost seconds; past the budget the search stops and says why, on
 * every machine alike (units, not milliseconds). The exact and normalised
 * stages need no bound: they are linear.
 *
 * A unit is one cell of a banded dynamic program (banded.ts); a step of
 * Myers' algorithm on a 32-character block costs MYERS_STEP of them (measured
 * 3× slower). The budget is ~0.6 s of fuzzy search on the bench's 2-core
 * machine, and over three times what a fuzzy `start` and `end` of 90
 * characters each cost in 10 MiB of code (the most an ordinary search spends).
 */
export const WORK_BUDGET = 150_000_000;
export const MYERS_STEP = 3;

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
