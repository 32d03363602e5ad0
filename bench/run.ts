// `npm run bench`: latency and memory of the hot API paths on the embedded database, against
// targets. Speed targets live here, never in the timed unit tests.
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { connect } from "../server/src/db/client";
import { DEMO_USER, seed } from "../server/src/seed";
import { devNull } from "./log-sink";

type Target = { name: string; runs: number; p95Ms: number; run: () => Promise<{ statusCode: number }> };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  // A local run on the embedded defaults (no SMTP, the payments sandbox), as `npm start` is.
  const config = loadConfig({
    LOG_LEVEL: "info", // production's level: the access log is paid for (its lines go to /dev/null)
    NODE_ENV: "production",
    ALLOW_LOCAL_DEFAULTS: "true",
    RATE_LIMIT_FACTOR: "1000",
  });
  // The embedded PostgreSQL in a fresh $DATA_DIR, migrated and seeded as `npm start` does.
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "bench-run-"));
  fs.chmodSync(dataDir, 0o711); // as root, PostgreSQL runs as the user postgres, which must pass through
  const database = await connect({ dataDir });
  await database.migrate();
  await seed(database.db, { demoUser: true });
  const app = await buildApp(config, { database, logStream: devNull() });
  const credentials = { email: DEMO_USER.email, password: DEMO_USER.password };
  const login = await app.inject({ method: "POST", url: "/api/login", payload: credentials });
  const token = login.json().auth_token as string;

  const targets: Target[] = [
    {
      name: "GET /api/health",
      runs: 500,
      p95Ms: 10,
      run: () => app.inject({ method: "GET", url: "/api/health" }),
    },
    {
      name: "GET /api/user-profile (token lookup)",
      runs: 500,
      p95Ms: 20,
      run: () => app.inject({ method: "GET", url: "/api/user-profile", headers: { authorization: `Bearer ${token}` } }),
    },
    {
      name: "POST /api/register 422 (validation only)",
      runs: 500,
      p95Ms: 10,
      run: () => app.inject({ method: "POST", url: "/api/register", payload: { email: "x" } }),
    },
    {
      // argon2id at 19 MiB dominates: the target guards against a costlier setting slipping in.
      name: "POST /api/login (argon2id verify)",
      runs: 40,
      p95Ms: 150,
      run: () => app.inject({ method: "POST", url: "/api/login", payload: credentials }),
    },
  ];

  let failed = 0;
  for (const target of targets) {
    for (let i = 0; i < 10; i++) await target.run(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < target.runs; i++) {
      const start = performance.now();
      const response = await target.run();
      times.push(performance.now() - start);
      if (response.statusCode >= 500) throw new Error(`${target.name} answered ${response.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const ok = p95 <= target.p95Ms;
    if (!ok) failed++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${target.name.padEnd(42)} p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (target p95 ≤ ${target.p95Ms} ms, ${target.runs} runs)`,
    );
  }
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  // One process: the API and tsx's compiler (PostgreSQL runs in processes of its own).
  const rssTarget = 600;
  const rssOk = rssMb <= rssTarget;
  if (!rssOk) failed++;
  console.log(
    `${rssOk ? "ok  " : "FAIL"} ${"process RSS (API + tsx)".padEnd(42)} ${rssMb.toFixed(0)} MiB (target ≤ ${rssTarget} MiB)`,
  );

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed > 0 ? 1 : 0);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
