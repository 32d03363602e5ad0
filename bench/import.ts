// `npm run bench:import`: a CSV of 100,000 customers imported for one business on a throwaway
// PostgreSQL server: the preview (upload, checks, staging) and the job (customers, cards, history),
// timed, with the rows each added. Target: the whole import in under 60 s.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { issueApiToken } from "../server/src/modules/auth/tokens";
import { benchOwner } from "./bench-owner";
import { devNull } from "./log-sink";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_S = 60;

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
  // The job runs through `settle()`, here and now, so its time is measured alone.
  const app = await buildApp(config, { database, logStream: devNull(), jobs: { workers: false } });
  await app.ready();
  const token = await issueApiToken(db, owner.id);
  const headers = { authorization: `Bearer ${token}` };

  const lines = ["name,email,phone,birthday,points,consent_email,consent_sms,joined_at"];
  for (let n = 1; n <= ROWS; n++) {
    const phone = `07${400_000_000 + n}`;
    lines.push(
      `Person ${n},person${n}@mail${n % 50}.example.com,${n % 3 === 0 ? phone : ""},,${n % 11},${n % 2 ? "yes" : "no"},no,`,
    );
  }
  const form = new FormData();
  form.append("business_id", String(business.id));
  form.append("file", new Blob([lines.join("\n")], { type: "text/csv" }), "customers.csv");
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  console.log(`file: ${ROWS} rows, ${(payload.byteLength / 1024 / 1024).toFixed(1)} MB`);

  const started = performance.now();
  const preview = await app.inject({
    method: "POST",
    url: "/api/customer-import-preview",
    payload,
    headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
  });
  const previewed = performance.now();
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 300)}`);
  const { import_id: importId, good_rows: good, bad_row_count: bad } = preview.json().data;
  const run = await app.inject({
    method: "POST",
    url: "/api/customer-import",
    payload: { import_id: importId },
    headers,
  });
  if (run.statusCode !== 200) throw new Error(`import: ${run.statusCode} ${run.body.slice(0, 300)}`);
  await app.settle();
  const done = performance.now();
  const status = (
    await app.inject({
      method: "GET",
      url: "/api/customer-import-status",
      query: { import_id: String(importId) },
      headers,
    })
  ).json().data;
  const [counts] = (
    (await db.execute(sql`select (select count(*) from customers where user_id = ${owner.id})::int as customers,
      (select count(*) from cards where user_id = ${owner.id})::int as cards,
      (select count(*) from card_events where user_id = ${owner.id} and kind = 'import')::int as history`)) as unknown as {
      rows: { customers: number; cards: number; history: number }[];
    }
  ).rows;
  const total = (done - started) / 1000;
  console.log(`preview: ${((previewed - started) / 1000).toFixed(1)} s (${good} good rows, ${bad} bad)`);
  console.log(
    `job:     ${((done - previewed) / 1000).toFixed(1)} s (${status.added_customers} customers, ${status.added_cards} cards added)`,
  );
  console.log(
    `status: ${status.status}, ${status.processed_rows} of ${status.good_rows} rows gone through, ${status.unchanged_rows} unchanged, ${status.bad_row_count} not imported`,
  );
  console.log(
    `in the database: ${counts!.customers} customers, ${counts!.cards} cards, ${counts!.history} history entries`,
  );
  console.log(`total:   ${total.toFixed(1)} s (target < ${TARGET_S} s) ${total < TARGET_S ? "ok" : "TOO SLOW"}`);
  await app.close();
  await database.close();
  return total < TARGET_S && counts!.cards === good ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
