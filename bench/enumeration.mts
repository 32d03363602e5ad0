// `npm run bench:enumeration`: whether the time of forgot-password and resend-otp tells an existing
// account from an unknown email. Both paths are measured in alternating pairs (which goes first is
// a coin toss) on the production configuration, workers on, on the embedded PostgreSQL (or on
// DATABASE_URL: `scripts/with-postgres.sh npm run bench:enumeration`). Reports each side's median
// with its p25–p75, and the superiority: how often the existing account's call was the slower one
// (0.5: indistinguishable, 1.0: always slower). Fails when it leaves 0.35–0.65. The API tests check
// what makes the paths the same (server/test/api/attacks.test.ts); the time is measured only here.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { hashSecret } from "../server/src/crypto";
import { connect } from "../server/src/db/client";
import { users } from "../server/src/db/schema/auth";
import { devNull } from "./log-sink";

const PAIRS = Number(process.env.BENCH_ENUMERATION_PAIRS ?? 400);
const WARM_UP = 20;
const BOUNDS = [0.35, 0.65] as const;

type Call = {
  name: string;
  url: string;
  body: (email: string) => Record<string, string>;
  /** Makes the accounts these addresses belong to. */
  accounts: (app: FastifyInstance, emails: string[]) => Promise<void>;
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** How often a sample of `a` is slower than one of `b`: the statistic of the Mann–Whitney U test. */
function superiority(a: number[], b: number[]) {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(2)} ms (p25–p75 ${percentile(sorted, 25).toFixed(2)}–${percentile(sorted, 75).toFixed(2)})`;
};

async function main() {
  const config = loadConfig({
    LOG_LEVEL: "info", // production's level: the access log is paid for (its lines go to /dev/null)
    NODE_ENV: "production",
    ALLOW_LOCAL_DEFAULTS: "true",
    // Every call here comes from one address: the per-address limits would stop the run.
    RATE_LIMIT_FACTOR: "1000",
  });
  const kind = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PostgreSQL";
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "bench-enumeration-"));
  fs.chmodSync(dataDir, 0o711); // as root, PostgreSQL runs as the user postgres, which must pass through
  const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir });
  await database.migrate();
  const app = await buildApp(config, { database, logStream: devNull() });
  await app.ready();

  const passwordHash = await hashSecret("bench password 1");
  const verifiedUsers = async (_app: FastifyInstance, emails: string[]) => {
    await database.db.insert(users).values(
      emails.map((email) => ({
        name: "Bench Owner",
        email,
        phoneNumber: "+1 555 0101",
        passwordHash,
        role: "owner" as const,
        emailVerifiedAt: new Date(),
      })),
    );
  };
  const calls: Call[] = [
    {
      name: "POST /api/forgot-password",
      url: "/api/forgot-password",
      body: (email) => ({ email }),
      accounts: verifiedUsers,
    },
    {
      name: "POST /api/resend-otp (forgot-password)",
      url: "/api/resend-otp",
      body: (email) => ({ email, purpose: "forgot-password" }),
      accounts: verifiedUsers,
    },
    {
      name: "POST /api/resend-otp (register)",
      url: "/api/resend-otp",
      body: (email) => ({ email, purpose: "register" }),
      // A registration waiting for its code; its resend window starts again now.
      accounts: async (app, emails) => {
        for (const email of emails) {
          const payload = {
            name: "Bench Owner",
            email,
            phone_number: "+1 555 0100",
            password: "bench password 1",
            password_confirmation: "bench password 1",
          };
          const res = await app.inject({ method: "POST", url: "/api/register", payload });
          if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
        }
        await app.settle();
        await database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'
          where key like 'otp-send:%'`);
      },
    },
  ];

  console.log(
    `Account enumeration by timing: ${PAIRS} pairs per call (after ${WARM_UP} warm-up pairs), ${kind}, workers on`,
  );
  let failed = 0;
  for (const call of calls) {
    const stem = randomBytes(4).toString("hex");
    // Addresses of one length: the answers are the same size on both sides.
    const address = (side: "known" | "other", i: number) => `${side}-${String(i).padStart(4, "0")}-${stem}@example.com`;
    const total = WARM_UP + PAIRS;
    await call.accounts(
      app,
      Array.from({ length: total }, (_, i) => address("known", i)),
    );
    const known: number[] = [];
    const unknown: number[] = [];
    const measure = async (existing: boolean, i: number) => {
      const email = address(existing ? "known" : "other", i);
      const start = performance.now();
      const res = await app.inject({ method: "POST", url: call.url, payload: call.body(email) });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${call.name} answered ${res.statusCode}: ${res.body}`);
      if (i >= WARM_UP) (existing ? known : unknown).push(ms);
      // The code mail of this call goes out before the next measurement, so neither side pays for it.
      await app.settle();
    };
    for (let i = 0; i < total; i++) {
      const knownFirst = Math.random() < 0.5;
      await measure(knownFirst, i);
      await measure(!knownFirst, i);
    }
    const p = superiority(known, unknown);
    const ok = p >= BOUNDS[0] && p <= BOUNDS[1];
    if (!ok) failed++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${call.name.padEnd(40)} existing ${spread(known)}  unknown ${spread(unknown)}  superiority ${p.toFixed(3)} (target ${BOUNDS[0]}–${BOUNDS[1]})`,
    );
  }

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
