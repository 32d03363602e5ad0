// The closing line of `npm test`: a suite that did not run (or ran nothing) counts as a failure,
// with its reason, so "0 failed" can never stand beside an exit code of 1.

/**
 * @param {{ jest: object|null, e2e: object|null, notRun?: Record<string, string> }} input
 *   jest: Jest's --json report; e2e: Playwright's JSON report; notRun: suite → why it was not run.
 * @returns {{ passed: number, failed: number, problems: string[] }}
 */
export function summarize({ jest, e2e, notRun = {} }) {
  const problems = [];
  let passed = 0;
  let failed = 0;

  if (notRun.jest) problems.push(`unit and API tests did not run: ${notRun.jest}`);
  else if (!jest) problems.push("unit and API tests did not run: Jest wrote no report");
  else {
    passed += jest.numPassedTests ?? 0;
    failed += jest.numFailedTests ?? 0;
    // A file that fails to load (syntax error, failing import) fails no test but runs none either.
    const broken = jest.numRuntimeErrorTestSuites ?? 0;
    if (broken > 0) problems.push(`${broken} test file(s) could not run`);
    failed += broken;
    if ((jest.numTotalTests ?? 0) === 0) problems.push("Jest ran no test");
  }

  if (notRun.e2e) problems.push(`end-to-end tests did not run: ${notRun.e2e}`);
  else if (!e2e) problems.push("end-to-end tests did not run: Playwright wrote no report");
  else {
    const stats = e2e.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    const ran = (stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0);
    // Playwright reports a web server that cannot start as a global error with no test run.
    for (const error of e2e.errors ?? []) {
      problems.push(`end-to-end: ${String(error.message ?? error).split("\n")[0]}`);
    }
    if (ran === 0 && (e2e.errors ?? []).length === 0) problems.push("Playwright ran no test");
    if ((e2e.errors ?? []).length > 0) failed += e2e.errors.length;
  }

  // Each problem that is not already a counted test failure counts once.
  const uncounted = problems.filter((p) => !p.startsWith("end-to-end: ") && !/test file\(s\) could not run/.test(p));
  failed += uncounted.length;
  return { passed, failed, problems };
}
