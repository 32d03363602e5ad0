// npm run scan: the built product, scanned by Debian's wapiti with a signed-in
// session. Starts the API server (embedded database in a temporary DATA_DIR, demo user seeded) and
// the web app on SCAN_PORT / SCAN_API_PORT (default 3900 / 4900), signs in through the BFF as an
// attacker's browser would, and runs wapiti with that cookie against the web app: the pages, and
// every GET call of the contract (start URLs made from /api/openapi.json). Only modules that stay
// on this machine (no nikto/wapp databases, no ssrf/xxe external endpoint), bounded in time
// (SCAN_MAX_SECONDS, default 300). The JSON report goes to reports/wapiti.json and a summary is
// printed; README "Security" explains each kind of finding. Needs `apt-get install wapiti` and a
// build (`npm run build`, made here when missing).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WEB_MEMORY_ENV, WEB_SERVER_ARGS, WEB_SERVER_SCRIPT } from "./lib/web-server-command.mjs";

const port = Number(process.env.SCAN_PORT ?? 3900);
const apiPort = Number(process.env.SCAN_API_PORT ?? 4900);
const maxSeconds = Number(process.env.SCAN_MAX_SECONDS ?? 300);
const base = `http://127.0.0.1:${port}`;
const apiBase = `http://127.0.0.1:${apiPort}/api`;
const MODULES = [
  "backup",
  "blindsql",
  "cookieflags",
  "crlf",
  "csp",
  "csrf",
  "exec",
  "file",
  "htaccess",
  "http_headers",
  "methods",
  "permanentxss",
  "redirect",
  "shellshock",
  "sql",
  "xss",
];
// No `-x` exclusions: Debian's wapiti 3.0.4 fails on them under Python 3.11 (its wildcard regex
// puts `(?ms)` last). Nothing to exclude is reachable by GET: logout and user-soft-delete are POST
// calls with no HTML form (the dashboard's forms are rendered by JavaScript, which wapiti does not
// run), and the account's deletion needs its password.

if (spawnSync("wapiti", ["--version"]).error) {
  console.error("scan: wapiti is not installed (apt-get install wapiti)");
  process.exit(1);
}
for (const built of ["server/dist/main.cjs", WEB_SERVER_SCRIPT, ".next/BUILD_ID"]) {
  if (!fs.existsSync(built)) {
    console.log(`scan: ${built} missing, building…`);
    const result = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) process.exit(1);
    break;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scan-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  API_PORT: String(apiPort),
  API_HOST: "127.0.0.1",
  PORT: String(port),
  BACKEND_API_URL: apiBase,
  PUBLIC_APP_URL: base,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  // Mail to nowhere (codes are never needed), payments in the sandbox, limits that let a scan run.
  SMTP_URL: "smtp://127.0.0.1:9",
  PAYMENTS_MODE: "sandbox",
  SEED_DEMO_USER: "true",
  RATE_LIMIT_FACTOR: "1000",
  LOG_LEVEL: "warn",
};
const children = [];
const start = (args, extraEnv = {}) => {
  const child = spawn(process.execPath, args, {
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
};
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => (stop(), process.exit(130)));

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/** A value a query parameter's JSON Schema accepts, for the start URLs. */
function example(schema = {}) {
  if (schema.enum) return schema.enum[0];
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 1;
  if (schema.pattern?.includes("\\d{4}-\\d{2}-\\d{2}")) return new Date().toISOString().slice(0, 10);
  return "x";
}

try {
  start(["server/dist/main.cjs"]);
  await waitFor(`${apiBase}/health`, 120);
  start(WEB_SERVER_ARGS, WEB_MEMORY_ENV);
  await waitFor(`${base}/`, 120);

  // Signed in through the BFF, as a browser: the session cookie is what wapiti carries.
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "demo@example.com", password: "demo-password" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.includes("session="));
  if (!login.ok || !cookie) throw new Error(`sign-in through the BFF failed: ${login.status}`);

  const doc = await (await fetch(`${base}/api/openapi.json`)).json();
  const starts = [`${base}/`, `${base}/dashboard`];
  for (const [route, ops] of Object.entries(doc.paths)) {
    if (!ops.get || route.includes("{")) continue;
    const query = new URLSearchParams();
    for (const p of ops.get.parameters ?? []) if (p.in === "query") query.set(p.name, String(example(p.schema)));
    starts.push(`${base}/api${route}${query.size ? `?${query}` : ""}`);
  }

  fs.mkdirSync("reports", { recursive: true });
  const report = "reports/wapiti.json";
  const args = [
    "-u",
    `${base}/`,
    "--scope",
    "folder",
    "-m",
    MODULES.join(","),
    "-H",
    `Cookie: ${cookie}`,
    ...starts.flatMap((url) => ["-s", url]),
    "-d",
    "3",
    "--max-links-per-page",
    "50",
    "--max-scan-time",
    String(maxSeconds),
    "--max-attack-time",
    String(Math.max(10, Math.floor(maxSeconds / MODULES.length))),
    "--flush-session",
    "--store-session",
    path.join(dataDir, "wapiti"),
    "--no-bugreport",
    "-v",
    "1",
    "-f",
    "json",
    "-o",
    report,
  ];
  console.log(`scan: wapiti on ${base} (${starts.length} start URLs, at most ${maxSeconds} s), signed in`);
  // wapiti 3.0.4 loads every module, and its `wapp` module tries to download its database even
  // when not chosen: outbound HTTP(S) goes to a closed local port, only the target is reached.
  const closed = "http://127.0.0.1:9";
  const wapitiEnv = {
    ...process.env,
    HTTP_PROXY: closed,
    HTTPS_PROXY: closed,
    http_proxy: closed,
    https_proxy: closed,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
  };
  const result = spawnSync("wapiti", args, { stdio: "inherit", env: wapitiEnv });
  if (result.status !== 0) throw new Error(`wapiti exited with ${result.status}`);

  const found = JSON.parse(fs.readFileSync(report, "utf8"));
  let total = 0;
  for (const section of ["vulnerabilities", "anomalies", "additionals"]) {
    for (const [kind, items] of Object.entries(found[section] ?? {})) {
      if (items.length === 0) continue;
      total += items.length;
      console.log(`${section} · ${kind}: ${items.length}`);
      for (const item of items.slice(0, 5))
        console.log(`  ${item.method} ${item.path} ${item.parameter ?? ""} — ${item.info}`);
    }
  }
  console.log(`scan: ${total} findings (reports/wapiti.json); README "Security" explains each kind`);
} catch (error) {
  console.error(`scan: ${error.message}`);
  process.exitCode = 1;
} finally {
  stop();
}
