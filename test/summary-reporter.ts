import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends a run with plain lines CI and people scanning logs can read without
 * knowing vitest's format: one `failed: <file> > <test>: <error>` line for each
 * failed test, then "N passed, N failed, N skipped". `npm test` repeats the
 * failed lines of every run at its very end, so a log's tail names them.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") counts.passed++;
        else if (result.state === "failed") {
          counts.failed++;
          failures.push(failedLine(module.moduleId, test.fullName, result.errors?.[0]?.message));
        } else counts.skipped++;
      }
      // A file that failed as a whole (an import, a hook) has no failed test to name it.
      for (const error of module.errors())
        failures.push(failedLine(module.moduleId, "(the file)", error.message));
    }
    const lines = failures.length ? `\n${failures.join("\n")}` : "";
    console.log(
      `${lines}\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    );
  }
}

function failedLine(file: string, test: string, message = ""): string {
  const relative = file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
  const first = message.split("\n")[0]?.slice(0, 300) ?? "";
  return `failed: ${relative} > ${test}: ${first}`;
}
