import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { SMTPServer } from "smtp-server";
import { createTestApp, uniqueEmail, type TestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { jobsOf, pendingJobs } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

/**
 * Jobs run again after their worker died, on PostgreSQL, where the database outlives the worker: an API server (a real
 * process) runs a mail job and a Google Wallet job; both handlers commit, and the server is killed
 * with SIGKILL before pg-boss records either job as done. Another instance takes the jobs again once
 * they expire, and the stand-ins still count one mail and one PATCH.
 *
 * Only PostgreSQL can show it (the embedded database lives and dies inside the API process): the
 * api project runs this file when DATABASE_URL is set (jest.config.js), as .ci/run does.
 */

jest.setTimeout(120_000);

const ISSUER = "3388000000044444444";
/** The advisory lock the test holds while the killed worker's completions wait for it. */
const HOLD = 224_022;

let db: TestDatabase;
let setup: TestApp;
let stand: Awaited<ReturnType<typeof startGoogleStandIn>>;
let smtp: SMTPServer;
const mails: string[] = [];
let env: Record<string, string>;
let worker: ChildProcess | undefined;
let dataDir: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Polls `check` until it holds (each poll is a look at the event, not a guess at its time). */
async function until(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  stand = await startGoogleStandIn();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) mails.push(rcpt.address.toLowerCase());
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify(testServiceAccount(stand.tokenUri).json),
    GOOGLE_WALLET_API_URL: stand.apiUrl,
  };
  db = await createTestDatabase();
  // Writes the jobs (a forgotten password's mail, a stamp's wallet update) and runs none.
  setup = await createTestApp(env, { database: db.database, jobs: { workers: false } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-killed-"));
});

afterAll(async () => {
  worker?.kill("SIGKILL");
  await setup?.close();
  await db?.close();
  await stand?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The API server as `npm run start:api` runs it, on the test's database, as another process. */
async function startWorker(): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "../../src/main.ts")], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATABASE_URL: db.url!,
      DATA_DIR: dataDir,
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      PUBLIC_APP_URL: "http://localhost:3000",
      MIGRATE_ON_START: "false",
      SEED_ON_START: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await until("the worker to listen", async () => {
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
  });
  return child;
}

it("a worker killed after its handlers committed leaves one mail and one Google PATCH", async () => {
  if (!db.url) throw new Error("this file needs PostgreSQL (DATABASE_URL)");
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  try {
    // The killed worker's completions (a mail job is deleted when done, the others updated) wait
    // for the lock this test holds: the worker dies between its handler's commit and pg-boss's.
    await admin.query(`create function test_hold_completion() returns trigger language plpgsql as $$
      begin perform pg_advisory_lock_shared(${HOLD}); return coalesce(new, old); end $$`);
    await admin.query(`create trigger test_hold_completion before update or delete on pgboss.job for each row
      when (old.state = 'active' and old.name in ('mail', 'event.google-wallet'))
      execute function test_hold_completion()`);
    await admin.query(`select pg_advisory_lock(${HOLD})`);

    const user = await setup.createUser({ email: uniqueEmail("killed") });
    expect((await setup.post("/forgot-password", { email: user.email })).statusCode).toBe(200);
    const f = loyaltyFixtures(setup);
    const { token, qr } = await f.programme({ stamps_required: 50 });
    const joined = await f.join(qr.qr_token);
    const objectId = `${ISSUER}.${joined.card.serial}`;
    stand.saved.add(objectId);
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    const patches = () => stand.requests.filter((r) => r.method === "PATCH" && r.path.includes(objectId)).length;
    // One PATCH per wallet job of the card (its join and its stamp may each have one).
    const walletJobs = (await jobsOf(db.query, "event.google-wallet")).length;
    expect(walletJobs).toBeGreaterThanOrEqual(1);

    worker = await startWorker();
    // A mail and a PATCH went out and their handlers returned: the completions wait on the lock.
    await until("the mail and a PATCH", async () => mails.includes(user.email) && patches() >= 1);
    await until("both queues' completions to wait", async () => {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${HOLD} and not granted`,
      );
      return rows[0].n >= 2;
    });
    worker.kill("SIGKILL");
    await new Promise((resolve) => worker!.once("exit", resolve));
    // Its connections' waiting completions die with it: a backend blocked on a lock would notice
    // the closed socket only once it wakes, so the test ends them as the dead client's would end.
    await admin.query(`select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and objid = ${HOLD} and not granted`);
    await until("the dead worker's completions to end", async () => {
      const { rows } = await admin.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${HOLD} and not granted`,
      );
      return rows[0].n === 0;
    });
    await admin.query(`drop trigger test_hold_completion on pgboss.job`);
    await admin.query(`select pg_advisory_unlock(${HOLD})`);

    const held = await admin.query(
      `select distinct name from pgboss.job where state = 'active' and name in ('mail', 'event.google-wallet') order by name`,
    );
    expect(held.rows.map((r) => r.name)).toEqual(["event.google-wallet", "mail"]);
    // Their expiry time passes (as if the 1–2 minutes had), and another instance takes them again.
    await admin.query(`update pgboss.job set started_on = now() - interval '1 hour' where state = 'active'`);
    const again = await createTestApp(env, {
      database: await db.connectAgain(),
      jobs: { workers: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    });
    try {
      await until("the second instance to run the jobs", async () => {
        const left = (await pendingJobs(db.query, "mail")) + (await pendingJobs(db.query, "event.google-wallet"));
        return left === 0;
      });
    } finally {
      await again.close();
    }

    const done = await db.query<{ retry_count: number }>(
      sql`select retry_count from pgboss.job where name = 'event.google-wallet' and state = 'completed'`,
    );
    expect(done).toHaveLength(walletJobs);
    // The job whose completion died with the worker ran again, and repeated nothing.
    expect(done.some((r) => r.retry_count === 1)).toBe(true);
    expect(mails.filter((to) => to === user.email)).toHaveLength(1);
    expect(patches()).toBe(walletJobs);
  } finally {
    await admin.end();
  }
});
