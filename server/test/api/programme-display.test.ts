import { sql } from "drizzle-orm";
import type { CustomerList, SegmentCount } from "../../../contract/customers";
import type { CounterCode } from "../../../contract/qr-codes";
import type { WalletCard } from "../../../contract/wallet";
import { notifyCounterSql } from "../../src/services/counter-feed";
import { createTestApp, type TestApp } from "../helpers/app";
import { appleEnv, makeAppleCertificates, readZip } from "../helpers/apple-wallet";
import { listenBase, openStream, until } from "../helpers/counter-stream";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { loyaltyFixtures } from "../helpers/loyalty";

// Everywhere a card shows, its balance in its programme's own terms. Points and
// cashback programmes, options and balances are written to the database directly: the rewards
// add-reward per kind and earning are tested on their own, so this file does not depend on them.
jest.setTimeout(60_000);

const ISSUER = "3388000000022222222";
const certs = makeAppleCertificates();
let stand: Awaited<ReturnType<typeof startGoogleStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let base: string;

beforeAll(async () => {
  stand = await startGoogleStandIn();
  const account = testServiceAccount(stand.tokenUri);
  t = await createTestApp(
    {
      ...appleEnv(certs),
      PUBLIC_APP_URL: "https://cards.example.com",
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account.json)).toString("base64"),
      GOOGLE_WALLET_API_URL: stand.apiUrl,
    },
    { jobs: { workers: false, retryDelaySeconds: 3600 } },
  );
  f = loyaltyFixtures(t);
  base = await listenBase(t.app);
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

type Kind = "stamps" | "points" | "cashback";
const OPTIONS = [
  { title: "Coffee", points: 100 },
  { title: "Free lunch", points: 400 },
];

/**
 * An owner's programme of this kind (points: OPTIONS; cashback: a tier from 100.00) in `currency`,
 * and one customer's card on a device holding `balance` in the programme's unit.
 */
async function programmeCard(kind: Kind, balance: number, currency = "EUR", lifetimeSpend = 0) {
  const programme = await f.programme({ title: `${kind} club`, stamps_required: 10, cooldown_minutes: 0 });
  const { reward, business, qr } = programme;
  await t.query(sql`update businesses set currency = ${currency} where id = ${business.id}`);
  if (kind !== "stamps") {
    await t.query(sql`update rewards set kind = ${kind}, stamps_required = 0, points_per_visit = 1,
      cashback_basis_points = 500, cashback_tiers = ${JSON.stringify(kind === "cashback" ? [{ fromMinor: 10_000, basisPoints: 1000 }] : [])}::jsonb
      where id = ${reward.id}`);
  }
  const options: { id: number; title: string; points: number }[] = [];
  if (kind === "points") {
    for (const o of [...OPTIONS, { title: "Retired", points: 50 }]) {
      const [row] = await t.query<{ id: number }>(sql`insert into reward_options
        (user_id, business_id, reward_id, title, points, active)
        select user_id, business_id, id, ${o.title}, ${o.points}, ${o.title !== "Retired"} from rewards where id = ${reward.id}
        returning id`);
      if (o.title !== "Retired") options.push({ id: row!.id, ...o });
    }
  }
  const joined = await f.join(qr.qr_token, { name: "Ada Lovelace" });
  await t.query(sql`update cards set stamps = ${balance}, lifetime_spend = ${lifetimeSpend}
    where serial = ${joined.card.serial}`);
  const headers = f.cardHeaders([joined.secret]);
  const view = async () => {
    const res = await t.get<WalletCard>("/wallet-card", { query: { qr_token: qr.qr_token }, headers });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  return { ...programme, joined, serial: joined.card.serial, headers, options, view };
}

/** A JWT's claims (the save link's signature is google-wallet.test.ts's concern). */
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());
const savedObject = (link: string) => claims(link.split("/").at(-1)!).payload.loyaltyObjects[0];

describe("the card page (wallet-card)", () => {
  it("answers a points card's kind, its balance text and the options it affords", async () => {
    const { view, options, qr } = await programmeCard("points", 340);
    const card = await view();
    expect(card).toMatchObject({
      kind: "points",
      balance_text: "340 points — 60 to Free lunch",
      options: [options[0]],
      stamps: 340,
      stamps_required: null,
      reward_ready: true,
    });
    expect(card.place?.reward).toMatchObject({ kind: "points" });
    // The join page (no card yet) knows the kind too: it says no "Collect 0 stamps".
    const detail = await t.get<{ reward: { kind: string } }>("/qr-detail", { query: { qr_token: qr.qr_token } });
    expect(detail.body.data.reward.kind).toBe("points");
  });

  it("affords nothing below the cheapest option, and names every option once all are affordable", async () => {
    const low = await programmeCard("points", 1);
    expect(await low.view()).toMatchObject({
      balance_text: "1 point — 99 to Coffee",
      options: [],
      reward_ready: false,
    });
    const high = await programmeCard("points", 400);
    expect(await high.view()).toMatchObject({ balance_text: "400 points", options: high.options });
  });

  it("answers cashback as money to spend, in the currency's decimals", async () => {
    expect(await (await programmeCard("cashback", 460)).view()).toMatchObject({
      kind: "cashback",
      balance_text: "€4.60 to spend",
      options: [],
      stamps_required: null,
      reward_ready: false,
    });
    expect((await (await programmeCard("cashback", 500, "JPY")).view()).balance_text).toBe("¥500 to spend");
  });

  it("keeps a stamp card as it was, with its text beside it", async () => {
    const card = await (await programmeCard("stamps", 7)).view();
    expect(card).toMatchObject({
      kind: "stamps",
      balance_text: "7 of 10 stamps",
      options: [],
      stamps: 7,
      stamps_required: 10,
      reward_ready: false,
    });
  });
});

/** The card's Apple pass, its storeCard fields. */
async function applePassOf(card: Awaited<ReturnType<typeof programmeCard>>) {
  const res = await t.get("/apple-wallet-pass", { query: { qr_token: card.qr.qr_token }, headers: card.headers });
  expect(res.statusCode).toBe(200);
  return JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()).storeCard;
}

describe("the wallet passes", () => {
  const applePass = applePassOf;

  it("Apple: the primary field is the balance in the programme's terms; a stamp pass is unchanged", async () => {
    const points = await applePass(await programmeCard("points", 340));
    expect(points.primaryFields).toEqual([
      { key: "balance", label: "Points", value: "340 points", changeMessage: "%@" },
    ]);
    expect(points.secondaryFields[0]).toMatchObject({
      key: "reward",
      label: "Reward ready",
      value: "60 to Free lunch",
    });
    const cashback = await applePass(await programmeCard("cashback", 460));
    expect(cashback.primaryFields).toEqual([{ key: "balance", label: "Balance", value: "€4.60", changeMessage: "%@" }]);
    const stamps = await applePass(await programmeCard("stamps", 3));
    expect(stamps.primaryFields).toEqual([
      { key: "stamps", label: "Stamps", value: "3 of 10", changeMessage: "Stamps: %@" },
    ]);
    expect(stamps.secondaryFields[0]).toMatchObject({ key: "reward", label: "Reward", value: "stamps club" });
  });

  it("Google: loyaltyPoints labelled Points, or Cashback as money (micros); stamps unchanged", async () => {
    const points = savedObject((await (await programmeCard("points", 340)).view()).wallet_links.google!);
    expect(points.loyaltyPoints).toEqual({ label: "Points", balance: { int: 340 } });
    expect(points.textModulesData[0].body).toBe("340 points — 60 to Free lunch");
    const cashback = savedObject((await (await programmeCard("cashback", 460)).view()).wallet_links.google!);
    expect(cashback.loyaltyPoints).toEqual({
      label: "Cashback",
      balance: { money: { micros: "4600000", currencyCode: "EUR" } },
    });
    const kwd = savedObject((await (await programmeCard("cashback", 1250, "KWD")).view()).wallet_links.google!);
    expect(kwd.loyaltyPoints.balance).toEqual({ money: { micros: "1250000", currencyCode: "KWD" } });
    const stamps = savedObject((await (await programmeCard("stamps", 3)).view()).wallet_links.google!);
    expect(stamps.loyaltyPoints).toEqual({ label: "Stamps", balance: { int: 3 } });
  });

  it("Google: a changed card's PATCH carries the balance in the programme's terms", async () => {
    const card = await programmeCard("cashback", 500, "JPY");
    const [row] = await t.query<{ id: number; user_id: number; business_id: number }>(
      sql`select id, user_id, business_id from cards where serial = ${card.serial}`,
    );
    stand.saved.add(`${ISSUER}.${card.serial}`);
    await t.app.db.transaction((tx) =>
      t.app.events.emit(tx, {
        type: "card.changed",
        ownerId: row!.user_id,
        businessId: row!.business_id,
        cardId: row!.id,
      }),
    );
    await t.app.settle();
    const patch = stand.patches().find((p) => p.path.endsWith(encodeURIComponent(`${ISSUER}.${card.serial}`)))!;
    expect(JSON.parse(patch.body)).toEqual({
      loyaltyPoints: { label: "Cashback", balance: { money: { micros: "500000000", currencyCode: "JPY" } } },
      textModulesData: [{ id: "reward", header: "Balance", body: "¥500 to spend" }],
    });
  });
});

describe("the counter screen", () => {
  it("confirms a points visit with the balance text; a stamp programme's stamp as before", async () => {
    const points = await programmeCard("points", 0);
    const stamps = await programmeCard("stamps", 0);
    const pointsScreen = await openStream(base, points.qr.id, { token: points.token });
    const stampsScreen = await openStream(base, stamps.qr.id, { token: stamps.token });
    await until(() => pointsScreen.text().includes(": connected") && stampsScreen.text().includes(": connected"));
    // The engine's notification, as a self-scan's statement sends it (counts in the programme's unit).
    await t.query(
      sql`select ${notifyCounterSql({ qr_id: points.qr.id, action: "stamp", stamps: 340, stamps_required: 0 })}`,
    );
    await t.query(
      sql`select ${notifyCounterSql({ qr_id: stamps.qr.id, action: "stamp", stamps: 3, stamps_required: 10 })}`,
    );
    await until(() => pointsScreen.events.length === 1 && stampsScreen.events.length === 1);
    expect(pointsScreen.events[0]).toMatchObject({
      action: "stamp",
      stamps: 340,
      kind: "points",
      balance_text: "340 points — 60 to Free lunch",
    });
    expect(stampsScreen.events[0]).toMatchObject({ stamps: 3, stamps_required: 10, kind: "stamps" });
    pointsScreen.close();
    stampsScreen.close();
    // The screen's own header names a points reward without "Collect 0 stamps".
    const code = await t.get<CounterCode>("/counter-code", {
      token: points.token,
      query: { qr_id: String(points.qr.id) },
    });
    expect(code.body.data).toMatchObject({ reward_title: "points club", stamps_required: null });
  });
});

describe("the customer directory and segments", () => {
  const segment = async (token: string, businessId: number, name: string) =>
    (await t.get<SegmentCount>("/segment-count", { token, query: { segment: name, business_id: String(businessId) } }))
      .body.data.count;

  it("shows each card's balance text and flags near_reward per kind", async () => {
    const card = await programmeCard("points", 95);
    const list = (await t.get<CustomerList>("/customer-list", { token: card.token })).body.data.items;
    expect(list).toEqual([
      expect.objectContaining({ kind: "points", balance_text: "95 points — 5 to Coffee", flags: ["near_reward"] }),
    ]);
    const cashback = await programmeCard("cashback", 460);
    const row = (await t.get<CustomerList>("/customer-list", { token: cashback.token })).body.data.items[0]!;
    expect(row).toMatchObject({ kind: "cashback", balance_text: "€4.60 to spend", flags: [] });
  });

  it("near_reward: points within 10 % below the cheapest option, never at or above it", async () => {
    const card = await programmeCard("points", 0);
    const at = async (points: number) => {
      await t.query(sql`update cards set stamps = ${points} where serial = ${card.serial}`);
      return {
        near: await segment(card.token, card.business.id, "near_reward"),
        ready: await segment(card.token, card.business.id, "reward_ready"),
      };
    };
    // Coffee costs 100 (the retired 50-point option does not count).
    expect(await at(89)).toEqual({ near: 0, ready: 0 });
    expect(await at(90)).toEqual({ near: 1, ready: 0 });
    expect(await at(99)).toEqual({ near: 1, ready: 0 });
    expect(await at(100)).toEqual({ near: 0, ready: 1 });
    expect(await at(45)).toEqual({ near: 0, ready: 0 });
  });

  it("near_reward: cashback lifetime spend within 10 % below a tier's threshold", async () => {
    const card = await programmeCard("cashback", 0);
    const at = async (spend: number) => {
      await t.query(sql`update cards set lifetime_spend = ${spend} where serial = ${card.serial}`);
      return segment(card.token, card.business.id, "near_reward");
    };
    // The tier starts at 100.00 (10,000 minor units).
    expect(await at(8_999)).toBe(0);
    expect(await at(9_000)).toBe(1);
    expect(await at(9_999)).toBe(1);
    expect(await at(10_000)).toBe(0);
    // Past the last tier, or a programme without tiers: nothing to be near.
    expect(await at(60_000)).toBe(0);
    await t.query(sql`update rewards set cashback_tiers = '[]'::jsonb where id = ${card.reward.id}`);
    expect(await at(9_500)).toBe(0);
    // Money to spend is never a "ready" reward.
    await t.query(sql`update cards set stamps = 99999 where serial = ${card.serial}`);
    expect(await segment(card.token, card.business.id, "reward_ready")).toBe(0);
  });

  it("near_reward: a stamp card one stamp away, as before", async () => {
    const card = await programmeCard("stamps", 9);
    expect(await segment(card.token, card.business.id, "near_reward")).toBe(1);
    const row = (await t.get<CustomerList>("/customer-list", { token: card.token })).body.data.items[0]!;
    expect(row).toMatchObject({ kind: "stamps", balance_text: "9 of 10 stamps", flags: ["near_reward"] });
  });
});

describe("the scan export", () => {
  it("adds the programme, the amount and the balance after in the currency's decimals", async () => {
    const owner = await programmeCard("cashback", 0, "KWD");
    const scan = (kind: string, amount: number | null, after: number) =>
      t.query(sql`insert into scans (user_id, business_id, card_id, reward_id, kind, stamps_after, amount, created_at)
        select user_id, business_id, id, reward_id, ${kind}, ${after}, ${amount}, now() + make_interval(secs => ${after})
        from cards where serial = ${owner.serial}`);
    await scan("stamp", 12_345, 1_235);
    await scan("redeem", null, 1_500);
    // A second business of the same owner on yen points: whole numbers.
    const yen = await f.addBusiness(owner.token, { business_name: "Yen Shop" });
    await t.query(sql`update businesses set currency = 'JPY' where id = ${yen.id}`);
    const yenReward = await f.addReward(owner.token, yen.id, { title: "Yen points" });
    await t.query(sql`update rewards set kind = 'points', stamps_required = 0 where id = ${yenReward.id}`);
    await t.query(sql`insert into scans (user_id, business_id, reward_id, kind, stamps_after, amount, created_at)
      select user_id, business_id, id, 'stamp', 42, 500, now() + interval '1 hour' from rewards where id = ${yenReward.id}`);
    const res = await t.get("/scan-export", { token: owner.token });
    expect(res.statusCode).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "time,kind,customer,email,card,business,location,staff,stamps after,programme,amount,currency,balance after,actor",
    );
    const tail = (line: string) => line.split(",").slice(-6, -1).join(",");
    expect(lines.slice(1).map(tail)).toEqual([
      "42,points,500,JPY,42",
      "1500,cashback,,KWD,1.500",
      "1235,cashback,12.345,KWD,1.235",
      // The join: what the engine gives a cashback card at join (0; a stamp before the engine knew programme kinds).
      expect.stringMatching(/^(\d+),cashback,,KWD,0\.00\1$/),
    ]);
  });
});

describe("in the card's or the request's language", () => {
  const cardLocale = (businessId: number, locale: string) =>
    t.query(sql`update businesses set card_locale = ${locale} where id = ${businessId}`);

  it("the card page says a points balance in the request's language, else the card's own", async () => {
    const card = await programmeCard("points", 340);
    const inSpanish = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: card.qr.qr_token },
      headers: { ...card.headers, "accept-language": "es" },
    });
    expect(inSpanish.body.data.balance_text).toBe("340 puntos — faltan 60 para Free lunch");
    expect((await card.view()).balance_text).toBe("340 points — 60 to Free lunch");
    // The business chose Arabic for its card: the page (and its balance) is Arabic whatever the browser.
    await cardLocale(card.business.id, "ar");
    const inArabic = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: card.qr.qr_token },
      headers: { ...card.headers, "accept-language": "es" },
    });
    expect(inArabic.body.data.balance_text).toBe("340 نقطة — بقي 60 حتى Free lunch");
  });

  it("the passes say the balance in the card's language", async () => {
    const points = await programmeCard("points", 340);
    await cardLocale(points.business.id, "es");
    const apple = await applePassOf(points);
    expect(apple.primaryFields).toEqual([
      { key: "balance", label: "Puntos", value: "340 puntos", changeMessage: "%@" },
    ]);
    const google = savedObject((await points.view()).wallet_links.google!);
    expect(google.textModulesData[0]).toEqual({
      id: "reward",
      header: "Saldo",
      body: "340 puntos — faltan 60 para Free lunch",
    });
    const cashback = await programmeCard("cashback", 460);
    await cardLocale(cashback.business.id, "ar");
    expect(savedObject((await cashback.view()).wallet_links.google!).textModulesData[0].body).toBe(
      `${new Intl.NumberFormat("ar", { style: "currency", currency: "EUR" }).format(4.6)} للإنفاق`,
    );
  });

  it("the directory and the counter screen say it in the request's language", async () => {
    const card = await programmeCard("points", 95);
    const list = await t.get<CustomerList>("/customer-list", {
      token: card.token,
      headers: { "accept-language": "es" },
    });
    expect(list.body.data.items[0]).toMatchObject({ balance_text: "95 puntos — faltan 5 para Coffee" });
    const screen = await openStream(base, card.qr.id, { token: card.token, language: "es" });
    await until(() => screen.text().includes(": connected"));
    await t.query(
      sql`select ${notifyCounterSql({ qr_id: card.qr.id, action: "stamp", stamps: 99, stamps_required: 0 })}`,
    );
    await until(() => screen.events.length === 1);
    expect(screen.events[0]).toMatchObject({ balance_text: "99 puntos — falta 1 para Coffee" });
    screen.close();
  });
});
