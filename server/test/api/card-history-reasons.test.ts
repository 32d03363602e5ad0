import { sql } from "drizzle-orm";
import type { CardHistory } from "../../../contract/cards";
import type { PosConnection } from "../../../contract/pos";
import type { ScanResult } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender } from "../helpers/till-senders";

// The card's history names why the engine changed a card in the reader's language; an owner's
// correction reason is shown as they typed it.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(() => t.close());

const ZONE = "Pacific/Kiritimati";
const reasons = async (token: string, serial: string, language?: string) => {
  const res = await t.get<CardHistory>("/card-history", {
    token,
    query: { serial },
    headers: language ? { "accept-language": language } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.body.data.items.map((e) => e.reason);
};

/** A points card earning in a happy hour (×1.5 +15, all day today), then on a Shopify order. */
async function boostedAndOrdered() {
  const p = await programmeOf({ kind: "points", points_per_visit: 10, points_per_unit: 1 });
  await t.query(sql`update businesses set time_zone = ${ZONE} where id = ${p.business.id}`);
  const joined = await f.join(p.qr.qr_token);
  const [{ d: today }] = (await t.query<{ d: number }>(
    sql`select extract(dow from now() at time zone ${ZONE})::int as d`,
  )) as [{ d: number }];
  const added = await t.post(
    "/promotion-add",
    { reward_id: p.reward.id, multiplier: "1.5", bonus: 15, weekdays: [today], start_time: "00:00", end_time: "24:00" },
    { token: p.token },
  );
  expect(added.statusCode).toBe(201);
  const scanned = await t.post<ScanResult>("/qr-code-scanner", { code: joined.card.serial }, { token: p.token });
  expect(scanned.statusCode).toBe(200);
  const connection = (
    await t.post<PosConnection & { webhook_url: string }>(
      "/pos-connection-add",
      { business_id: p.business.id, provider: "shopify", secret: "shpss_secret" },
      { token: p.token },
    )
  ).body.data;
  const paid = await shopifySender(t, connection, "shpss_secret").paid({
    id: 7001,
    total: "4.00",
    email: joined.email,
  });
  expect(paid.body.data).toEqual({ outcome: "earned" });
  return { token: p.token, serial: joined.card.serial };
}

describe("card-history reasons", () => {
  it("names the happy hour and the till order in Spanish for a Spanish reader", async () => {
    const { token, serial } = await boostedAndOrdered();
    const [order, boosted] = await reasons(token, serial, "es");
    expect(order).toBe("Pedido shopify:7001 (shopify) · Hora feliz 00:00–24:00 ×1,5 +15");
    expect(boosted).toBe("Hora feliz 00:00–24:00 ×1,5 +15");
  });

  it("names them in English for an English reader, as before", async () => {
    const { token, serial } = await boostedAndOrdered();
    const [order, boosted] = await reasons(token, serial, "en");
    expect(order).toBe("Order shopify:7001 (shopify) · Happy hour 00:00–24:00 ×1.5 +15");
    expect(boosted).toBe("Happy hour 00:00–24:00 ×1.5 +15");
    // The stored text stays English whatever the reader's language, for exports and webhooks.
    const stored = await t.query<{ reason: string | null }>(
      sql`select e.reason from card_events e join cards c on c.id = e.card_id
          where c.serial = ${serial} and e.kind = 'stamp' order by e.id`,
    );
    expect(stored.map((r) => r.reason)).toEqual([
      "Happy hour 00:00–24:00 ×1.5 +15",
      "Order shopify:7001 (shopify) · Happy hour 00:00–24:00 ×1.5 +15",
    ]);
  });

  it("shows an owner's correction reason as typed, in any language", async () => {
    const p = await programmeOf({ kind: "points", points_per_visit: 10 });
    const joined = await f.join(p.qr.qr_token);
    const res = await t.post(
      "/card-adjust",
      { serial: joined.card.serial, delta: 5, reason: "Order 12 was lost, sorry" },
      { token: p.token },
    );
    expect(res.statusCode).toBe(200);
    expect((await reasons(p.token, joined.card.serial, "es"))[0]).toBe("Order 12 was lost, sorry");
  });

  it("names a successor programme of another kind in the reader's language", async () => {
    const { token, business, reward, qr } = await f.programme({ stamps_required: 10 });
    const { card } = await f.join(qr.qr_token);
    const successor = await f.addReward(token, business.id, { title: "Club de puntos" });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    await t.query(
      sql`update rewards set kind = 'points', stamps_required = 0, points_per_visit = 7 where id = ${successor.id}`,
    );
    await t.query(sql`update rewards set active = false where id = ${reward.id}`);
    const scanned = await t.post<ScanResult>("/qr-code-scanner", { code: card.serial }, { token });
    expect(scanned.statusCode).toBe(200);
    expect((await reasons(token, card.serial, "de")).at(-2)).toBe("Neues Programm: Club de puntos");
    expect((await reasons(token, card.serial, "en")).at(-2)).toBe("New programme: Club de puntos");
  });
});
