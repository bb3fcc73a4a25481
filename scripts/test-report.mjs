// Counting from the runners' JSON reports (vitest --reporter=json, Playwright's json reporter).

/** @param {any} report vitest's JSON report, or undefined when the run produced none */
export function summariseVitest(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  // A file that failed to load reports no test: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** @param {any} report Playwright's JSON report, or undefined when the run produced none */
export function summarisePlaywright(report) {
  if (!report?.stats) return { passed: 0, failed: 0, skipped: 0 };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  // Errors outside any test (global setup, web server) fail the run without a failed test.
  const outside = (report.errors ?? []).length > 0 && unexpected === 0 ? 1 : 0;
  return { passed: expected + flaky, failed: unexpected + outside, skipped };
}

/** The one summary line: `tests: N passed, M failed` plus `, K skipped` only when there are any. */
export function totalsLine({ passed, failed, skipped }) {
  return `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
