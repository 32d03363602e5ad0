// `npm test`: unit and API integration tests (jest), then Playwright end-to-end tests in Debian's
// Chromium against production builds. Ends with one line: "tests: N passed, N failed".
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { isStale, targets } from "./lib/build-state.mjs";
import { busyPorts, e2ePorts } from "./lib/ports.mjs";
import { run } from "./lib/run.mjs";
import { failedTests, summarize } from "./lib/test-summary.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Debian's packages the tests use: Chromium (browser tests) and nginx (`nginx -t` of deploy/). */
const NEEDED = [
  { name: "chromium", path: CHROMIUM, why: "the browser tests (or point CHROMIUM_PATH at a Chromium binary)" },
  { name: "nginx", path: "/usr/sbin/nginx", why: "the check of deploy/nginx.conf" },
];

function ensureDebianPackages() {
  const missing = NEEDED.filter((p) => !fs.existsSync(p.path));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  const root = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execFileSync("which", ["apt-get"], { stdio: "ignore" });
    hasApt = true;
  } catch {
    // no apt-get here
  }
  if (root && hasApt) {
    console.log(`[test] missing: installing Debian's ${names.join(" and ")} with apt-get…`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", ...names], { stdio: "inherit" });
    return;
  }
  console.error(
    missing.map((p) => `[test] ${p.name} not found at ${p.path}: needed for ${p.why}.`).join("\n") +
      `\nInstall with:\n  sudo apt-get install -y ${names.join(" ")}\n` +
      "(Never `npx playwright install`: it downloads.)",
  );
  process.exit(1);
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

let failed = false;
const notRun = {};
fs.mkdirSync("reports", { recursive: true });
// A report left by an earlier run must never be counted as this run's.
for (const report of ["reports/jest.json", "reports/e2e.json"]) fs.rmSync(report, { force: true });

// Checked first, so a clash is reported at once rather than after the unit tests.
const busy = await busyPorts(e2ePorts());
if (busy.length > 0) {
  notRun.e2e = `${busy.join(", ")} already in use by another program (stop it, or set E2E_PORT_OFFSET)`;
  console.error(`[test] end-to-end tests will not run: ${notRun.e2e}`);
}

ensureDebianPackages();
try {
  await run("npx", ["jest", "--json", "--outputFile=reports/jest.json"]);
} catch {
  failed = true;
}

if (!notRun.e2e) {
  try {
    for (const [name, target] of Object.entries(targets)) {
      if (isStale(target)) {
        console.log(`[test] building ${name}…`);
        await run("npm", target.command, { env: { ...process.env, NODE_ENV: "production" } });
      }
    }
  } catch (error) {
    notRun.e2e = `the build failed (${error.message})`;
  }
}
if (!notRun.e2e) {
  try {
    await run("npx", ["playwright", "test"]);
  } catch {
    failed = true;
    printLogTail("reports/e2e-api.log", 40);
  }
}

const reports = { jest: readJson("reports/jest.json"), e2e: notRun.e2e ? null : readJson("reports/e2e.json") };
const failedLines = failedTests(reports);
if (failedLines.length > 0) console.log(`\n[test] failed:\n${failedLines.map((line) => `  ${line}`).join("\n")}`);
let { passed, failed: failures, problems } = summarize({ ...reports, notRun });
if (failed && failures === 0) {
  // A runner exited with an error that no report explains: never "0 failed" beside exit code 1.
  problems = [...problems, "a test runner exited with an error (see its output above)"];
  failures = 1;
}
if (problems.length > 0) console.log(`\n${problems.map((p) => `[test] ${p}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failures} failed`);
process.exit(failed || failures > 0 ? 1 : 0);

/** The last lines of a server's log (each cut to 600 characters), beside the failed tests they may explain. */
function printLogTail(file, lines) {
  if (!fs.existsSync(file)) return;
  const tail = fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines);
  console.error(`[test] the last ${tail.length} lines of ${file}:`);
  for (const line of tail) console.error(line.length > 600 ? `${line.slice(0, 600)}…` : line);
}
