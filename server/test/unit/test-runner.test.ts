// `npm test`'s summary and port check (scripts/lib/*.mjs). They are ES modules, which Jest's
// CommonJS sandbox cannot import, so each case runs them in a child Node process.
import { execFileSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { E2E } from "../../../e2e/fixtures/env";

const root = path.resolve(__dirname, "../../..");

function runModule<T>(code: string, env: Record<string, string> = {}): T {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return JSON.parse(out) as T;
}

type Summary = { passed: number; failed: number; problems: string[] };
const summarize = (input: unknown) =>
  runModule<Summary>(
    `import { summarize } from "./scripts/lib/test-summary.mjs";
     console.log(JSON.stringify(summarize(${JSON.stringify(input)})));`,
  );

const jestOk = { numPassedTests: 600, numFailedTests: 0, numTotalTests: 600, numRuntimeErrorTestSuites: 0 };
const e2eOk = { stats: { expected: 75, unexpected: 0, flaky: 0 }, errors: [] };

describe("the test summary", () => {
  it("adds up both suites when both ran", () => {
    expect(summarize({ jest: jestOk, e2e: e2eOk })).toEqual({ passed: 675, failed: 0, problems: [] });
  });

  it("counts an end-to-end suite that could not start as failed, with Playwright's reason", () => {
    const e2e = {
      stats: { expected: 0, unexpected: 0, flaky: 0 },
      errors: [{ message: "Error: http://localhost:3100 is already used, make sure that nothing is running" }],
    };
    const summary = summarize({ jest: jestOk, e2e });
    expect(summary.passed).toBe(600);
    expect(summary.failed).toBe(1);
    expect(summary.problems).toEqual([expect.stringContaining("http://localhost:3100 is already used")]);
  });

  it("counts a suite that was not run, or wrote no report, as failed and says why", () => {
    const notRun = summarize({ jest: jestOk, e2e: null, notRun: { e2e: "port 3100 (web app) already in use" } });
    expect(notRun).toEqual({
      passed: 600,
      failed: 1,
      problems: ["end-to-end tests did not run: port 3100 (web app) already in use"],
    });
    expect(summarize({ jest: null, e2e: e2eOk }).failed).toBe(1);
  });

  it("counts test files that could not load, and a run of no tests", () => {
    expect(summarize({ jest: { ...jestOk, numRuntimeErrorTestSuites: 2 }, e2e: e2eOk }).failed).toBe(2);
    const empty = { stats: { expected: 0, unexpected: 0, flaky: 0 }, errors: [] };
    expect(summarize({ jest: jestOk, e2e: empty })).toMatchObject({ failed: 1, problems: ["Playwright ran no test"] });
  });
});

describe("the failed tests, listed at the end of the run", () => {
  const failedTests = (input: unknown) =>
    runModule<string[]>(
      `import { failedTests } from "./scripts/lib/test-summary.mjs";
       console.log(JSON.stringify(failedTests(${JSON.stringify(input)})));`,
    );

  it("names each failed test with its file and its error's first line, and nothing that passed", () => {
    const jest = {
      testResults: [
        {
          name: path.join(root, "server/test/api/a.test.ts"),
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "works", failureMessages: [] },
            {
              status: "failed",
              fullName: "a card › is stamped once",
              failureMessages: ["\n  Error: expected 1\n    at x"],
            },
          ],
        },
        {
          name: path.join(root, "server/test/api/b.test.ts"),
          status: "failed",
          assertionResults: [],
          message: "Cannot find module 'x'",
        },
      ],
    };
    const e2e = {
      suites: [
        {
          title: "loyalty.spec.ts",
          file: "loyalty.spec.ts",
          specs: [{ title: "passes", file: "loyalty.spec.ts", line: 3, tests: [{ results: [{ status: "passed" }] }] }],
          suites: [
            {
              title: "in Arabic",
              specs: [
                {
                  title: "a stamp",
                  file: "loyalty.spec.ts",
                  line: 9,
                  tests: [
                    {
                      results: [
                        {
                          status: "timedOut",
                          error: { message: "\u001b[31mTest timeout of 60000ms exceeded.\u001b[39m" },
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(failedTests({ jest, e2e })).toEqual([
      "server/test/api/a.test.ts › a card › is stamped once: Error: expected 1",
      "server/test/api/b.test.ts: Cannot find module 'x'",
      "e2e/loyalty.spec.ts:9 › in Arabic › a stamp: Test timeout of 60000ms exceeded.",
    ]);
    expect(failedTests({ jest: null, e2e: null })).toEqual([]);
  });
});

describe("the end-to-end port check", () => {
  it("uses the same ports as the stack, shifted by E2E_PORT_OFFSET", () => {
    const ports = runModule<Record<string, number>>(
      `import { e2ePorts } from "./scripts/lib/ports.mjs"; console.log(JSON.stringify(e2ePorts()));`,
      { E2E_PORT_OFFSET: process.env.E2E_PORT_OFFSET ?? "0" },
    );
    expect(Object.values(ports).sort()).toEqual(
      [
        E2E.webPort,
        E2E.deadWebPort,
        E2E.proxiedWebPort,
        E2E.freshWebPort,
        E2E.apiPort,
        E2E.deadApiPort,
        E2E.smtpPort,
        E2E.mailboxPort,
        E2E.twilioPort,
      ].sort(),
    );
  });

  it("names a port another program holds, and only that one", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const busy = runModule<string[]>(
        `import { busyPorts } from "./scripts/lib/ports.mjs";
         console.log(JSON.stringify(await busyPorts({ "web app": ${port}, "free one": 1 })));`,
      );
      expect(busy).toEqual([`port ${port} (web app)`]);
    } finally {
      server.close();
    }
  });
});
