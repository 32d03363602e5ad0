import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import type { Offer } from "../../../contract/offers";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { v1Client } from "../helpers/v1-client";

// Vouchers through the public API: a card's unused vouchers, and redeeming one once (Idempotency-Key
// replays the first answer), with the same refusals as the dashboard's voucher-redeem.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

async function world(scopes = ["cards:read", "cards:write"]) {
  const p = await f.programme();
  const offer = await t.post<Offer>(
    "/offer-add",
    { business_id: p.business.id, title: "Free pastry", kind: "free_item", trigger: "join", valid_days: 30 },
    { token: p.token },
  );
  expect(offer.statusCode).toBe(201);
  const key = (await t.post<NewApiKey>("/api/api-key-add", { name: "Till", scopes }, { token: p.token })).body.data;
  const joined = await f.join(p.qr.qr_token);
  return { ...p, joined, api: v1Client(t.app, key.key) };
}

it("lists a card's unused vouchers and redeems one once; a replay answers the first answer", async () => {
  const { joined, api } = await world();
  const serial = joined.card.serial;
  const list = await api.GET("/cards/{serial}/vouchers", { params: { path: { serial } } });
  expect(list.response.status).toBe(200);
  expect(list.data!.data).toEqual([
    {
      code: expect.stringMatching(/^V-/),
      title: "Free pastry",
      kind: "free_item",
      serial,
      expires_at: expect.any(String),
      redeemed_at: null,
      cost: null,
    },
  ]);
  const code = list.data!.data[0]!.code;
  const headers = { "Idempotency-Key": "voucher-1" };
  const first = await api.POST("/vouchers/{code}/redeem", { params: { path: { code }, header: headers }, body: {} });
  expect(first.response.status).toBe(200);
  expect(first.data).toMatchObject({ code, redeemed_at: expect.any(String) });
  const replay = await api.POST("/vouchers/{code}/redeem", { params: { path: { code }, header: headers }, body: {} });
  expect(replay.response.status).toBe(200);
  expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.data).toEqual(first.data);
  const again = await api.POST("/vouchers/{code}/redeem", { params: { path: { code } }, body: {} });
  expect(again.response.status).toBe(422);
  expect(again.error).toMatchObject({ code: "voucher_used" });
  expect((await api.GET("/cards/{serial}/vouchers", { params: { path: { serial } } })).data!.data).toEqual([]);
});

it("a voucher carries its offer's cost, in the business's currency, listed and redeemed", async () => {
  const p = await world();
  await t.query(sql`update businesses set currency = 'EUR' where id = ${p.business.id}`);
  const offer = await t.post<Offer>(
    "/offer-add",
    { business_id: p.business.id, title: "Free cake", kind: "free_item", trigger: "join", valid_days: 60, cost: "1.8" },
    { token: p.token },
  );
  expect(offer.statusCode).toBe(201);
  const joined = await f.join(p.qr.qr_token);
  const list = await p.api.GET("/cards/{serial}/vouchers", { params: { path: { serial: joined.card.serial } } });
  expect(list.data!.data.map((v) => [v.title, v.cost])).toEqual([
    ["Free pastry", null],
    ["Free cake", "1.80"],
  ]);
  const code = list.data!.data[1]!.code;
  const redeemed = await p.api.POST("/vouchers/{code}/redeem", { params: { path: { code } }, body: {} });
  expect(redeemed.response.status).toBe(200);
  expect(redeemed.data).toMatchObject({ code, title: "Free cake", cost: "1.80" });
});

it("answers another owner's voucher as an unknown one, needs cards:write to redeem, and writes nothing on a refusal", async () => {
  const mine = await world();
  const theirs = await world();
  const code = (
    await mine.api.GET("/cards/{serial}/vouchers", { params: { path: { serial: mine.joined.card.serial } } })
  ).data!.data[0]!.code;
  const other = await theirs.api.POST("/vouchers/{code}/redeem", { params: { path: { code } }, body: {} });
  const unknown = await theirs.api.POST("/vouchers/{code}/redeem", {
    params: { path: { code: "V-0000-0000-0000" } },
    body: {},
  });
  expect(other.response.status).toBe(404);
  expect(other.error).toEqual(unknown.error);
  expect(
    (await theirs.api.GET("/cards/{serial}/vouchers", { params: { path: { serial: mine.joined.card.serial } } }))
      .response.status,
  ).toBe(404);
  const reader = await world(["cards:read"]);
  const readerCode = (
    await reader.api.GET("/cards/{serial}/vouchers", { params: { path: { serial: reader.joined.card.serial } } })
  ).data!.data[0]!.code;
  expect(
    (await reader.api.POST("/vouchers/{code}/redeem", { params: { path: { code: readerCode } }, body: {} })).response
      .status,
  ).toBe(403);
  const used = await t.query<{ n: number }>(
    sql`select count(*)::int as n from vouchers where code in (${code}, ${readerCode}) and redeemed_at is not null`,
  );
  expect(used[0]!.n).toBe(0);
});
