// `npm test`: unit and API integration tests (jest), then Playwright end-to-end tests in Debian's
// Chromium against production builds. Ends with one line: "tests: N passed, N failed".
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { isStale, targets } from "./lib/build-state.mjs";
import { run } from "./lib/run.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execFileSync("which", ["apt-get"], { stdio: "ignore" });
    hasApt = true;
  } catch {
    // no apt-get here
  }
  if (root && hasApt) {
    console.log("[test] Chromium is missing: installing Debian's chromium with apt-get…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
    return;
  }
  console.error(
    `[test] Chromium not found at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium\n` +
      "or point CHROMIUM_PATH at a Chromium binary. (Never `npx playwright install`: it downloads.)",
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
fs.mkdirSync("reports", { recursive: true });

try {
  await run("npx", ["jest", "--json", "--outputFile=reports/jest.json"]);
} catch {
  failed = true;
}

ensureChromium();
for (const [name, target] of Object.entries(targets)) {
  if (isStale(target)) {
    console.log(`[test] building ${name}…`);
    await run("npm", target.command, { env: { ...process.env, NODE_ENV: "production" } });
  }
}
try {
  await run("npx", ["playwright", "test"]);
} catch {
  failed = true;
}

const jest = readJson("reports/jest.json");
const e2e = readJson("reports/e2e.json");
const passed = (jest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failures = (jest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
if (!jest || !e2e) failed = true;
console.log(`\ntests: ${passed} passed, ${failures} failed`);
process.exit(failed || failures > 0 ? 1 : 0);
