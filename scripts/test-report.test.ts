import { describe, expect, it } from 'vitest';
import { summarisePlaywright, summariseVitest, totalsLine } from './test-report.mjs';

describe('totalsLine', () => {
  it('prints passed and failed, and skipped only when there are any', () => {
    expect(totalsLine({ passed: 12, failed: 0, skipped: 0 })).toBe('tests: 12 passed, 0 failed');
    expect(totalsLine({ passed: 3, failed: 2, skipped: 1 })).toBe('tests: 3 passed, 2 failed, 1 skipped');
  });
});

describe('summariseVitest', () => {
  it('counts tests, with skipped and todo together', () => {
    const report = {
      numPassedTests: 40,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [{ status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'failed' }] }],
    };
    expect(summariseVitest(report)).toEqual({ passed: 40, failed: 2, skipped: 2 });
  });

  it('counts a file that failed to load as a failure', () => {
    const report = {
      numPassedTests: 5,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [] },
      ],
    };
    expect(summariseVitest(report)).toEqual({ passed: 5, failed: 1, skipped: 0 });
  });

  it('reports nothing when the run wrote no report', () => {
    expect(summariseVitest(undefined)).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe('summarisePlaywright', () => {
  it('counts flaky tests (passed on retry) as passed', () => {
    const report = { stats: { expected: 7, unexpected: 1, flaky: 2, skipped: 3 }, errors: [] };
    expect(summarisePlaywright(report)).toEqual({ passed: 9, failed: 1, skipped: 3 });
  });

  it('counts an error outside any test (web server did not start) as a failure', () => {
    const report = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'x' }],
    };
    expect(summarisePlaywright(report)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });
});
