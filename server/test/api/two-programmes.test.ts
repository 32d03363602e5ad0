import { sql } from "drizzle-orm";
import type { CustomerList } from "../../../contract/customers";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Paginated } from "../../../contract/pagination";
import type { QrCode } from "../../../contract/qr-codes";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Several programmes at one business: a customer holds one card per business, so the card page,
// the QR codes and the directory say which programme a card and a code belong to.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** A café with a stamp card (8 stamps for a free coffee) and a points programme, a QR code each. */
async function twoProgrammes() {
  const stamps = await f.programme({ title: "Free coffee", stamps_required: 8, cooldown_minutes: 0, daily_cap: 0 });
  await t.query(sql`update businesses set currency = 'EUR' where id = ${stamps.business.id}`);
  const points = await f.addReward(stamps.token, stamps.business.id, {
    title: "Bean Points",
    kind: "points",
    points_per_unit: 1,
    points_per_visit: 5,
    cooldown_minutes: 0,
    daily_cap: 0,
  });
  const pointsQr = await f.generateQr(stamps.token, stamps.business.id, { reward_id: points.id, label: "Till" });
  return { ...stamps, points, pointsQr };
}

describe("a business with a stamp card and a points programme", () => {
  it("a points card opened at the stamp card's QR code is headed by its own programme, not the code's", async () => {
    const { qr, pointsQr } = await twoProgrammes();
    const joined = await f.join(pointsQr.qr_token);
    const res = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ kind: "points", reward_title: "Bean Points" });
    expect(res.body.data.place?.reward).toMatchObject({ title: "Bean Points", kind: "points" });
  });

  it("a newcomer at the stamp card's code sees the stamp card's terms", async () => {
    const { qr } = await twoProgrammes();
    const res = await t.get<{ reward: { title: string; kind: string; stamps_required: number } }>("/qr-detail", {
      query: { qr_token: qr.qr_token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.reward).toMatchObject({ title: "Free coffee", kind: "stamps", stamps_required: 8 });
  });

  it("the QR codes say which programme each joins, the directory each card's, the KPIs which kinds run", async () => {
    const { token, qr, pointsQr } = await twoProgrammes();
    await f.join(pointsQr.qr_token);
    const codes = await t.get<Paginated<QrCode>>("/list-qrcode", { token });
    expect(codes.statusCode).toBe(200);
    const byId = new Map(codes.body.data.items.map((c) => [c.id, c]));
    expect(byId.get(qr.id)).toMatchObject({ reward_title: "Free coffee", reward_kind: "stamps" });
    expect(byId.get(pointsQr.id)).toMatchObject({ reward_title: "Bean Points", reward_kind: "points" });

    const customers = await t.get<CustomerList>("/customer-list", { token });
    expect(customers.statusCode).toBe(200);
    expect(customers.body.data.items).toEqual([
      expect.objectContaining({ kind: "points", reward_title: "Bean Points", balance_text: "5 points" }),
    ]);

    const kpis = await t.get<DashboardDetails>("/dashboard-details", { token });
    expect(kpis.body.data.programmes).toEqual(["points", "stamps"]);
  });
});
