import { sql } from "drizzle-orm";
import type { Automation, AutomationLogEntry } from "../../../contract/automations";
import type { Paginated } from "../../../contract/pagination";
import type { WalletCard } from "../../../contract/wallet";
import { AUTOMATION_PAGE, fillPlaceholders, runAutomations } from "../../src/modules/automations/run";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Automations: saved per business, run by a pure tick (the job queue's
// scheduler calls it), once per customer per period, across ticks and instances.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const save = (token: string, body: Record<string, unknown>) => t.post<Automation>("/automation-save", body, { token });

it("lists the five kinds with defaults, saves them, and refuses other owners and staff", async () => {
  const p = await f.programme();
  const list = await t.get<Automation[]>("/automation-list", {
    token: p.token,
    query: { business_id: String(p.business.id) },
  });
  expect(list.body.data.map((a) => [a.kind, a.enabled])).toEqual([
    ["win_back", false],
    ["birthday", false],
    ["near_reward", false],
    ["welcome", false],
    ["about_to_expire", false],
  ]);
  expectInvalid(
    await save(p.token, { business_id: p.business.id, kind: "win_back", enabled: true, title: "x", message: "y" }),
    ["days"],
  );
  const saved = await save(p.token, {
    business_id: p.business.id,
    kind: "win_back",
    enabled: true,
    days: 21,
    title: "We miss you, {name}",
    message: "Come back to {business}.",
  });
  expect(saved.statusCode).toBe(200);
  const again = await t.get<Automation[]>("/automation-list", {
    token: p.token,
    query: { business_id: String(p.business.id) },
  });
  expect(again.body.data[0]).toMatchObject({ kind: "win_back", enabled: true, days: 21, title: "We miss you, {name}" });
  const other = await f.programme();
  expectError(
    await save(other.token, { business_id: p.business.id, kind: "welcome", enabled: true, title: "x", message: "y" }),
    404,
  );
  const staff = await f.staffOf(p.token, `auto-staff-${Date.now()}@example.com`);
  expectError(await t.get("/automation-log", { token: staff.token }), 403);
});

it("sends once per customer per period, across two ticks and two instances, with placeholders filled", async () => {
  const p = await f.programme({ stamps_required: 3 });
  const month = new Date().toISOString().slice(5, 7);
  const day = new Date().toISOString().slice(8, 10);
  const lapsed = await f.join(p.qr.qr_token, { name: "Lapsed Lou" });
  const birthday = await f.join(p.qr.qr_token, { name: "Bea Birthday", birthday: `1990-${month}-${day}` });
  const near = await f.join(p.qr.qr_token, { name: "Nia Near" });
  await f.staffScan(p.token, near.card.serial); // 2 of 3: one to go
  await t.query(sql`update cards set last_visit_at = now() - interval '40 days' where serial = ${lapsed.card.serial}`);
  for (const [kind, extra] of [
    ["win_back", { days: 30, title: "We miss you, {name}", message: "Come back to {business}." }],
    ["birthday", { title: "Happy birthday, {name}!", message: "A treat at {business}." }],
    ["near_reward", { title: "Almost there", message: "{name}: {stamps_left} stamp to go." }],
  ] as const) {
    expect((await save(p.token, { business_id: p.business.id, kind, enabled: true, ...extra })).statusCode).toBe(200);
  }

  // Two instances tick at once, then once more: each customer gets their message exactly once.
  const second = await t.testDatabase!.connectAgain();
  const [a, b] = await Promise.all([runAutomations(t.database.db), runAutomations(second.db)]);
  const third = await runAutomations(t.database.db);
  expect(a.sent + b.sent).toBe(3);
  expect(third.sent).toBe(0);

  const sends = await t.query<{ name: string; kind: string; title: string; message: string }>(sql`
    select cu.name, a.kind, m.title, m.message from automation_sends s
    join automations a on a.id = s.automation_id join cards c on c.id = s.card_id
    join customers cu on cu.id = c.customer_id join business_messages m on m.id = s.message_id
    where a.business_id = ${p.business.id} order by a.kind`);
  expect(sends).toEqual([
    {
      name: "Bea Birthday",
      kind: "birthday",
      title: "Happy birthday, Bea Birthday!",
      message: `A treat at ${p.business.business_name}.`,
    },
    { name: "Nia Near", kind: "near_reward", title: "Almost there", message: "Nia Near: 1 stamp to go." },
    {
      name: "Lapsed Lou",
      kind: "win_back",
      title: "We miss you, Lapsed Lou",
      message: `Come back to ${p.business.business_name}.`,
    },
  ]);
  // The message is on that customer's card only.
  const cardOf = async (secret: string) =>
    (
      await t.get<WalletCard>("/wallet-card", { query: { qr_token: p.qr.qr_token }, headers: f.cardHeaders([secret]) })
    ).body.data.messages!.map((m) => m.title);
  expect(await cardOf(lapsed.secret)).toEqual(["We miss you, Lapsed Lou"]);
  expect(await cardOf(birthday.secret)).toEqual(["Happy birthday, Bea Birthday!"]);

  // A new absence is a new period: Lou visits, lapses again, and is written to once more.
  // (The visit leaves Lou one stamp from the reward: that is the near-reward message, once.)
  await f.staffScan(p.token, lapsed.card.serial);
  expect((await runAutomations(t.database.db)).sent).toBe(1);
  expect((await runAutomations(t.database.db)).sent).toBe(0);
  await t.query(sql`update cards set last_visit_at = now() - interval '35 days' where serial = ${lapsed.card.serial}`);
  expect((await runAutomations(t.database.db)).sent).toBe(1);

  const log = await t.get<Paginated<AutomationLogEntry>>("/automation-log", { token: p.token });
  expect(log.body.data.total).toBe(5);
  expect(log.body.data.items[0]).toMatchObject({ kind: "win_back", customer_name: "Lapsed Lou" });
});

it("pages through the due cards, and a later tick does not try the cards already written to", async () => {
  const p = await f.programme();
  const ownerId = (
    await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${p.business.id}`)
  )[0]!.id;
  // More lapsed card holders than a page, straight into the database.
  const count = AUTOMATION_PAGE + 20;
  await t.query(sql`
    with c as (
      insert into customers (user_id, name, email)
      select ${ownerId}, 'Lapsed ' || g, 'lapsed-' || g || '-' || ${p.business.id} || '@example.com'
      from generate_series(1, ${count}) g returning id)
    insert into cards (user_id, business_id, customer_id, serial, stamps, last_visit_at)
    select ${ownerId}, ${p.business.id}, c.id, 'LAPSED-' || ${p.business.id} || '-' || c.id, 0,
      now() - interval '60 days' from c`);
  const body = { business_id: p.business.id, kind: "win_back", enabled: true, days: 30, title: "Hi", message: "Back?" };
  expect((await save(p.token, body)).statusCode).toBe(200);

  // Every due card is written to once, past the first page.
  const db = t.database.db;
  expect((await runAutomations(db)).sent).toBe(count);
  const sent = await t.query<{ n: number }>(sql`
    select count(*)::int as n from automation_sends s join automations a on a.id = s.automation_id
    where a.business_id = ${p.business.id}`);
  expect(sent[0]!.n).toBe(count);

  // The next tick does not try them again (a transaction a card, every quarter of an hour): the
  // cards already written to in their period are not read at all.
  let transactions = 0;
  const counting = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "transaction") return Reflect.get(target, key, receiver);
      return (...args: Parameters<typeof db.transaction>) => {
        transactions++;
        return target.transaction(...args);
      };
    },
  });
  expect((await runAutomations(counting)).sent).toBe(0);
  expect(transactions).toBe(0);
});

it("fills the placeholders literally", () => {
  expect(
    fillPlaceholders("{name} {business} {stamps_left} {other}", { name: "A$1", business: "B", stampsLeft: 2 }),
  ).toBe("A$1 B 2 {other}");
});
