import { sql } from "drizzle-orm";
import { executeNamed } from "../../src/db/named-statement";
import { staffScan } from "../../src/modules/loyalty/scans/stamping";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Hot raw SQL as named statements (db/named-statement.ts): parsed and planned once per connection
// (PostgreSQL's pg_prepared_statements lists what a connection keeps), answering as db.execute.
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** The statements this connection keeps whose text holds `part`. */
const kept = async (tx: TestApp["app"]["db"], part: string) =>
  (
    (await tx.execute(
      sql`select statement from pg_prepared_statements where strpos(statement, ${part}) > 0`,
    )) as unknown as { rows: unknown[] }
  ).rows.length;

it("answers rows as db.execute does, each run with its own values, on the pool and in a transaction", async () => {
  const square = (n: number) => sql`select ${n}::int * ${n}::int as n, ${`#${n}`}::text as label, now() as at`;
  const [pooled] = (await executeNamed<{ n: number; label: string; at: string }>(t.app.db, square(3))).rows;
  const [plain] = ((await t.app.db.execute(square(3))) as unknown as { rows: { at: string }[] }).rows;
  expect(pooled).toMatchObject({ n: 9, label: "#3" });
  expect(typeof pooled!.at).toBe(typeof plain!.at);
  await t.app.db.transaction(async (tx) => {
    const runs = await Promise.all(
      [4, 5].map(async (n) => (await executeNamed<{ n: number }>(tx, square(n))).rows[0]!.n),
    );
    expect(runs).toEqual([16, 25]);
    expect(await kept(tx, "select $1::int * $2::int")).toBe(1);
  });
});

it("keeps the staff stamp's write on its connection: prepared once for every stamp of that shape", async () => {
  const { qr } = await f.programme({ stamps_required: 50 });
  const cards = await Promise.all([f.join(qr.qr_token), f.join(qr.qr_token), f.join(qr.qr_token)]);
  const [owner] = await t.query<{ id: number }>(
    sql`select user_id as id from cards where serial = ${cards[0]!.card.serial}`,
  );
  await t.app.db.transaction(async (tx) => {
    for (const card of cards) {
      const stamp = await staffScan(tx, t.app.events, owner!.id, owner!.id, card.card.serial);
      expect(stamp).toMatchObject({ action: "stamp", delta: 1 });
    }
    expect(await kept(tx, "update cards set")).toBe(1);
  });
  const stamps = await t.query<{ stamps: number }>(
    sql`select stamps from cards where serial in (${sql.join(
      cards.map((card) => sql`${card.card.serial}`),
      sql`, `,
    )})`,
  );
  expect(stamps.map((row) => row.stamps)).toEqual([2, 2, 2]);
});
