// `npm run bench:import`: a CSV of 100,000 customers imported for one business on a throwaway
// PostgreSQL server: the preview (upload, checks, staging) and the job (customers, cards, history),
// timed, with the rows each added. Target: the whole import in under 60 s. The job runs on the
// app's own workers, as in production, while the counter stamps cards one at a time: the stamps'
// p50/p99 during the import against the same stamps before it, in the same run.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { issueApiToken } from "../server/src/modules/auth/tokens";
import { benchOwner } from "./bench-owner";
import { devNull } from "./log-sink";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_S = 60;
/** Cards the counter stamps, each at most once before and once during the import. */
const COUNTER_CARDS = 4000;
const BASELINE_STAMPS = 400;

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.length} stamps, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms`;
};

async function main(): Promise<number> {
  const { database, db, owner, business } = await benchOwner("bench:import");

  const config = loadConfig({
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    RATE_LIMIT_FACTOR: "1000",
    SMTP_URL: "smtp://localhost:2525",
    PUBLIC_APP_URL: "http://localhost:3000",
    PAYMENTS_MODE: "sandbox",
  });
  // The import job runs on this app's workers, as it does in production.
  const app = await buildApp(config, { database, logStream: devNull(), jobs: { pollingIntervalSeconds: 0.2 } });
  await app.ready();
  const token = await issueApiToken(db, owner.id);
  const headers = { authorization: `Bearer ${token}` };

  const upload = async (csv: string) => {
    const form = new FormData();
    form.append("business_id", String(business.id));
    form.append("file", new Blob([csv], { type: "text/csv" }), "customers.csv");
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    const res = await app.inject({
      method: "POST",
      url: "/api/customer-import-preview",
      payload,
      headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
    });
    if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { bytes: payload.byteLength, data: res.json().data };
  };
  const status = async (importId: number) =>
    (
      await app.inject({
        method: "GET",
        url: "/api/customer-import-status",
        query: { import_id: String(importId) },
        headers,
      })
    ).json().data;
  const start = async (importId: number) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/customer-import",
      payload: { import_id: importId },
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const stamp = async (serial: string) => {
    const began = performance.now();
    const res = await app.inject({ method: "POST", url: "/api/qr-code-scanner", payload: { code: serial }, headers });
    if (res.statusCode !== 200) throw new Error(`stamp: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return performance.now() - began;
  };

  // The counter's cards: customers already there, brought in before the timed import.
  const counter = ["name,email"];
  for (let n = 1; n <= COUNTER_CARDS; n++) counter.push(`Regular ${n},regular${n}@counter.example.com`);
  const regulars = await upload(counter.join("\n"));
  await start(regulars.data.import_id);
  while ((await status(regulars.data.import_id)).status !== "done") await new Promise((r) => setTimeout(r, 100));
  const serials = (
    (await db.execute(sql`select serial from cards where user_id = ${owner.id} order by id`)) as unknown as {
      rows: { serial: string }[];
    }
  ).rows.map((row) => row.serial);
  let next = 0;
  const nextSerial = () => serials[next++ % serials.length]!;

  const before: number[] = [];
  for (let i = 0; i < BASELINE_STAMPS; i++) before.push(await stamp(nextSerial()));

  const lines = ["name,email,phone,birthday,points,consent_email,consent_sms,joined_at"];
  for (let n = 1; n <= ROWS; n++) {
    const phone = `07${400_000_000 + n}`;
    lines.push(
      `Person ${n},person${n}@mail${n % 50}.example.com,${n % 3 === 0 ? phone : ""},,${n % 11},${n % 2 ? "yes" : "no"},no,`,
    );
  }
  const [counts0] = (
    (await db.execute(sql`select (select count(*) from customers where user_id = ${owner.id})::int as customers,
      (select count(*) from cards where user_id = ${owner.id})::int as cards,
      (select count(*) from card_events where user_id = ${owner.id} and kind = 'import')::int as history`)) as unknown as {
      rows: { customers: number; cards: number; history: number }[];
    }
  ).rows;

  const started = performance.now();
  const preview = await upload(lines.join("\n"));
  console.log(`file: ${ROWS} rows, ${(preview.bytes / 1024 / 1024).toFixed(1)} MB`);
  const previewed = performance.now();
  const { import_id: importId, good_rows: good, bad_row_count: bad } = preview.data;
  await start(importId);
  // The counter stamps one card at a time while the job runs; every 20th answer asks the progress.
  const during: number[] = [];
  let final;
  for (let i = 0; ; i++) {
    if (i % 20 === 0) {
      final = await status(importId);
      if (final.status === "done") break;
    }
    during.push(await stamp(nextSerial()));
  }
  const done = performance.now();
  const [counts1] = (
    (await db.execute(sql`select (select count(*) from customers where user_id = ${owner.id})::int as customers,
      (select count(*) from cards where user_id = ${owner.id})::int as cards,
      (select count(*) from card_events where user_id = ${owner.id} and kind = 'import')::int as history`)) as unknown as {
      rows: { customers: number; cards: number; history: number }[];
    }
  ).rows;
  const added = {
    customers: counts1!.customers - counts0!.customers,
    cards: counts1!.cards - counts0!.cards,
    history: counts1!.history - counts0!.history,
  };
  const total = (done - started) / 1000;
  console.log(`preview: ${((previewed - started) / 1000).toFixed(1)} s (${good} good rows, ${bad} bad)`);
  console.log(
    `job:     ${((done - previewed) / 1000).toFixed(1)} s (${final.added_customers} customers, ${final.added_cards} cards added)`,
  );
  console.log(
    `status: ${final.status}, ${final.processed_rows} of ${final.good_rows} rows gone through, ${final.unchanged_rows} unchanged, ${final.bad_row_count} not imported`,
  );
  console.log(
    `added by the timed import in the database: ${added.customers} customers, ${added.cards} cards, ${added.history} history entries`,
  );
  console.log(`counter before the import: ${summary(before)}`);
  console.log(`counter during the import: ${summary(during)}`);
  console.log(`total:   ${total.toFixed(1)} s (target < ${TARGET_S} s) ${total < TARGET_S ? "ok" : "TOO SLOW"}`);
  await app.close();
  await database.close();
  return total < TARGET_S && added.cards === good && added.history === good ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
