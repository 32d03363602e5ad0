// `npm run bench:campaign`: a message to 100,000 card holders by email, pass and push, on a
// throwaway PostgreSQL server. Target: accepted (notification-add's work, answered) in under 10 s,
// with the API process's RSS flat: the cards are decided and mailed later, a page per job, never
// all in memory. Writes reports/bench-campaign.md.
import { writeFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { dispatchPage, type DispatchPage } from "../server/src/modules/notifications/channels";
import { sendBusinessMessage } from "../server/src/modules/notifications/send";
import { benchOwner } from "./bench-owner";
import { devNull } from "./log-sink";

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const TARGET_MS = 10_000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function count(db: Awaited<ReturnType<typeof benchOwner>>["db"], table: string) {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

async function main(): Promise<number> {
  const { database, db, owner, business } = await benchOwner("bench:campaign");
  const seeded = performance.now();
  // Every other holder ticked email consent when joining.
  await db.execute(sql`
    with made as (
      insert into customers (user_id, name, email)
      select ${owner.id}, 'Holder ' || n, 'holder' || n || '@example.com' from generate_series(1, ${CARDS}) n
      returning id
    )
    insert into cards (user_id, business_id, customer_id, serial, consent_email_at, consent_email_source)
    select ${owner.id}, ${business.id}, id,
      'LC-' || upper(substr(md5(id::text), 1, 4)) || '-' || upper(substr(md5(id::text), 5, 4)) || '-' || upper(substr(md5(id::text), 9, 4)),
      case when id % 2 = 0 then now() end, case when id % 2 = 0 then 'join' end
    from made`);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seeded) / 1000;

  const config = loadConfig({
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    RATE_LIMIT_FACTOR: "1000",
    SMTP_URL: "smtp://localhost:2525",
    PUBLIC_APP_URL: "http://localhost:3000",
    PAYMENTS_MODE: "sandbox",
  });
  const app = await buildApp(config, { database, logStream: devNull() });
  await app.ready();
  const tables = ["business_messages", "message_recipients", "channel_sends", "notifications", "job_outbox"];
  const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(db, t)] as const)));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  // notification-add's own work (the route adds only authentication and validation).
  const answer = await sendBusinessMessage(
    { db, limiter: app.limiter, events: app.events, jobs: app.jobs, config },
    owner.id,
    {
      business_id: business.id,
      title: "Autumn menu",
      message: "Pumpkin soup is back.",
      segment: "all",
      channels: ["pass", "push", "email"],
    },
  );
  const acceptedMs = performance.now() - started;
  const rssAfter = process.memoryUsage().rss;
  const before2 = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(db, t)] as const)));
  // Then the dispatch, page after page (the mails' own jobs are left queued: no SMTP here).
  const dispatchStarted = performance.now();
  let next: DispatchPage | null = { messageId: answer.data!.id, afterCardId: 0 };
  let pages = 0;
  let rssPeak = rssAfter;
  while (next) {
    const page: DispatchPage = next;
    next = null;
    await dispatchPage(
      db,
      { name: "message-channels", enqueue: async (_tx, following) => void (next = following) },
      { email: { queue: async () => {} }, sms: null },
      page,
      "bench",
    );
    pages++;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const dispatchSeconds = (performance.now() - dispatchStarted) / 1000;
  const after = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(db, t)] as const)));
  await app.close();
  await database.close();

  const ok = acceptedMs < TARGET_MS;
  const lines = [
    "# bench:campaign",
    "",
    `A message to ${CARDS.toLocaleString("en")} card holders (half with email consent) on pass, push and email,`,
    "on a throwaway PostgreSQL (`npm run bench:campaign`). The cards are decided, claimed and mailed",
    "afterwards by the `message-channels` jobs, a page of 1,000 cards each.",
    "",
    `| measure | value |`,
    `| --- | --- |`,
    `| cards seeded (SQL) | ${CARDS} in ${seedSeconds.toFixed(1)} s |`,
    `| accepted in | ${acceptedMs.toFixed(0)} ms (target < ${TARGET_MS} ms): ${ok ? "met" : "NOT met"} |`,
    `| answer | ${answer.statusCode} ${answer.message} |`,
    `| API RSS before / after | ${mb(rssBefore)} MB / ${mb(rssAfter)} MB (${mb(rssAfter - rssBefore)} MB) |`,
    ...tables.map((t) => `| rows written by the answer: ${t} | ${before2[t]! - before[t]!} |`),
    `| dispatch (decide, cap, claim) | ${pages} pages in ${dispatchSeconds.toFixed(1)} s |`,
    `| rows written by the dispatch: channel_sends | ${after.channel_sends! - before2.channel_sends!} |`,
    `| API RSS peak during the dispatch | ${mb(rssPeak)} MB |`,
    "",
  ];
  const report = lines.join("\n");
  console.log(report);
  await writeFile("reports/bench-campaign.md", report);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
