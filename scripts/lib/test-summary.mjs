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

/** A report's first line of an error, without the terminal's colour codes. */
const firstLine = (text) =>
  String(text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? "";

/**
 * The tests that failed, one line each (where, which, the error's first line), for the end of the
 * run's output: a runner's own list scrolls away behind the servers' logs.
 * @param {{ jest: object|null, e2e: object|null }} input the same reports as summarize's
 * @returns {string[]}
 */
export function failedTests({ jest, e2e }) {
  const lines = [];
  const cut = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
  for (const file of jest?.testResults ?? []) {
    const where = String(file.name ?? "").replace(`${process.cwd()}/`, "");
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) lines.push(cut(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`));
    if (failed.length === 0 && file.status === "failed") lines.push(cut(`${where}: ${firstLine(file.message)}`));
  }
  // Playwright's top suites are the files; the suites inside them are describe blocks.
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const result = (test.results ?? []).at(-1);
        if (!result || ["passed", "skipped"].includes(result.status)) continue;
        const name = [...titles, spec.title].join(" › ");
        const error = firstLine(result.error?.message ?? result.errors?.[0]?.message) || result.status;
        lines.push(cut(`e2e/${spec.file}:${spec.line} › ${name}: ${error}`));
      }
    }
  };
  for (const suite of e2e?.suites ?? []) walk(suite, []);
  return lines;
}
