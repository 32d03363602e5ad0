import { createVerify, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { jobsOf } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

jest.setTimeout(30_000);

const ISSUER = "3388000000022222222";
let stand: Awaited<ReturnType<typeof startGoogleStandIn>>;
let publicKey: KeyObject;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;

beforeAll(async () => {
  stand = await startGoogleStandIn();
  const account = testServiceAccount(stand.tokenUri);
  publicKey = account.publicKey;
  t = await createTestApp(
    {
      PUBLIC_APP_URL: "https://cards.example.com",
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      // base64, as an operator pastes it into a single-line variable
      GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account.json)).toString("base64"),
      GOOGLE_WALLET_API_URL: stand.apiUrl,
    },
    // A failed job's retry waits until a test makes it due: with the default 5 s, a slow run of
    // `settle()` (a loaded machine) reached the retry of a page within the same call.
    { jobs: { workers: false, retryDelaySeconds: 3600 } },
  );
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

/** Verifies an RS256 JWT with the test's public key and answers its claims. */
function verified(jwt: string) {
  const [head, body, signature] = jwt.split(".");
  // google-auth-library's grant omits `typ`; the save link's JWT carries it.
  expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toMatchObject({ alg: "RS256" });
  const ok = createVerify("RSA-SHA256")
    .update(`${head}.${body}`)
    .verify(publicKey, Buffer.from(signature!, "base64url"));
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(body!, "base64url").toString()) as Record<string, unknown>;
}

async function heldCard(fields: Record<string, unknown> = { stamps_required: 3 }) {
  const programme = await f.programme(fields);
  const joined = await f.join(programme.qr.qr_token, { name: "Ada Lovelace" });
  const res = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: programme.qr.qr_token },
    headers: f.cardHeaders([joined.secret]),
  });
  expect(res.statusCode).toBe(200);
  return { ...programme, joined, view: res.body.data! };
}

describe("Save to Google Wallet", () => {
  it("links a JWT signed by the service account with the business's class and the card's object", async () => {
    const { business, joined, view } = await heldCard();
    expect(view.wallet_links.apple).toBeNull();
    const link = view.wallet_links.google!;
    expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = verified(link.slice("https://pay.google.com/gp/v/save/".length));
    expect(claims).toMatchObject({
      iss: "wallet@test-project.iam.gserviceaccount.com",
      aud: "google",
      typ: "savetowallet",
      origins: ["https://cards.example.com"],
    });
    const payload = claims.payload as { loyaltyClasses: unknown[]; loyaltyObjects: unknown[] };
    const classId = `${ISSUER}.business-${business.id}`;
    expect(payload.loyaltyClasses).toEqual([
      expect.objectContaining({
        id: classId,
        issuerName: "Blue Bean Café",
        programName: "Stamp card",
        hexBackgroundColor: "#4f46e5",
        programLogo: expect.objectContaining({
          // No logo uploaded: the app's own icon, as an absolute URL Google can fetch.
          sourceUri: { uri: "https://cards.example.com/icons/icon-512.png" },
        }),
      }),
    ]);
    const serial = joined.card.serial;
    expect(payload.loyaltyObjects).toEqual([
      {
        id: `${ISSUER}.${serial}`,
        classId,
        state: "ACTIVE",
        accountId: serial,
        accountName: "Ada Lovelace",
        barcode: { type: "QR_CODE", value: serial, alternateText: serial },
        loyaltyPoints: { label: "Stamps", balance: { int: 1 } },
        textModulesData: [{ id: "reward", header: "Reward", body: "2 more stamps for Free coffee (3 in all)." }],
      },
    ]);
    expect((payload.loyaltyObjects[0] as { id: string }).id).toMatch(/^\d+\.[A-Za-z0-9._-]+$/);
  });

  it("the class carries the business's own logo when it has one", async () => {
    const token = await f.owner();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const business = await f.addBusiness(token, {}, png);
    const reward = await f.addReward(token, business.id);
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const joined = await f.join(qr.qr_token);
    const res = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    const claims = verified(res.body.data!.wallet_links.google!.split("/save/")[1]!);
    const [cls] = (claims.payload as { loyaltyClasses: { programLogo: { sourceUri: { uri: string } } }[] })
      .loyaltyClasses;
    expect(cls!.programLogo.sourceUri.uri).toMatch(/^https:\/\/cards\.example\.com\/api\/files\/\d+$/);
  });

  it("join and recover answers carry no links (only the card on this device gets them)", async () => {
    const { joined } = await heldCard();
    expect(joined.card.wallet_links).toEqual({ apple: null, google: null });
  });
});

describe("the pass in the card's language", () => {
  it("a German business's class and object, and the PATCH after a stamp, are in German", async () => {
    const programme = await f.programme({ stamps_required: 3 });
    await t.query(sql`update businesses set card_locale = 'de' where id = ${programme.business.id}`);
    const joined = await f.join(programme.qr.qr_token, { name: "Ada Lovelace" });
    const res = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: programme.qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    const claims = verified(res.body.data!.wallet_links.google!.split("/save/")[1]!);
    const payload = claims.payload as { loyaltyClasses: Record<string, unknown>[]; loyaltyObjects: unknown[] };
    expect(payload.loyaltyClasses[0]).toMatchObject({
      programName: "Stempelkarte",
      programLogo: { contentDescription: { defaultValue: { language: "de", value: "Logo von Blue Bean Café" } } },
    });
    expect(payload.loyaltyObjects[0]).toMatchObject({
      loyaltyPoints: { label: "Stempel", balance: { int: 1 } },
      textModulesData: [{ id: "reward", header: "Prämie", body: "Noch 2 Stempel bis Free coffee (3 insgesamt)." }],
    });

    stand.saved.add(`${ISSUER}.${joined.card.serial}`);
    const before = stand.requests.length;
    expect((await f.staffScan(programme.token, joined.card.serial)).statusCode).toBe(200);
    await t.app.settle();
    const patch = stand.requests.slice(before).find((r) => r.method === "PATCH")!;
    expect(JSON.parse(patch.body)).toEqual({
      loyaltyPoints: { label: "Stempel", balance: { int: 2 } },
      textModulesData: [{ id: "reward", header: "Prämie", body: "Noch 1 Stempel bis Free coffee (3 insgesamt)." }],
    });
  });
});

describe("a stamp updates the saved pass", () => {
  it("exchanges a service-account JWT for a token, then PATCHes the new balance", async () => {
    const { token, joined } = await heldCard();
    const objectId = `${ISSUER}.${joined.card.serial}`;
    stand.saved.add(objectId);
    const before = stand.requests.length;
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    await t.app.settle();
    const seen = stand.requests.slice(before);
    const tokenCall = seen.find((r) => r.path === "/token");
    const grant = new URLSearchParams(tokenCall?.body ?? stand.tokenRequests()[0]!.body);
    expect(grant.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const assertion = verified(grant.get("assertion")!);
    expect(assertion).toMatchObject({
      iss: "wallet@test-project.iam.gserviceaccount.com",
      // google-auth-library addresses Google's token endpoint (the stand-in receives it in its place).
      aud: "https://oauth2.googleapis.com/token",
      scope: "https://www.googleapis.com/auth/wallet_object.issuer",
    });
    expect(Number(assertion.exp) - Number(assertion.iat)).toBe(3600);
    const patch = seen.find((r) => r.method === "PATCH")!;
    expect(patch.path).toBe(`/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`);
    expect(patch.headers.authorization).toMatch(/^Bearer ya29\.standin-\d+$/);
    expect(JSON.parse(patch.body)).toEqual({
      loyaltyPoints: { label: "Stamps", balance: { int: 2 } },
      textModulesData: [{ id: "reward", header: "Reward", body: "1 more stamp for Free coffee (3 in all)." }],
    });

    // The token is cached: the next stamps reuse it.
    const tokensBefore = stand.tokenRequests().length;
    await f.staffScan(token, joined.card.serial);
    await t.app.settle();
    expect(stand.tokenRequests().length).toBe(tokensBefore);
    const last = stand.patches().at(-1)!;
    expect(JSON.parse(last.body).loyaltyPoints.balance.int).toBe(3);
    expect(JSON.parse(last.body).textModulesData[0].body).toBe("Reward ready: Free coffee. Show this card to staff.");
    // Redeeming sets the pass back to 0 stamps.
    await f.staffScan(token, joined.card.serial);
    await t.app.settle();
    expect(JSON.parse(stand.patches().at(-1)!.body).loyaltyPoints.balance.int).toBe(0);
  });

  it("a card never saved (404) and a failing Google (500) never trouble the stamp", async () => {
    const { token, joined } = await heldCard();
    const res = await f.staffScan(token, joined.card.serial);
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    expect(stand.patches().at(-1)!.path).toContain(encodeURIComponent(joined.card.serial));
    stand.saved.add(`${ISSUER}.${joined.card.serial}`);
    stand.state.failWith = 500;
    try {
      expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
      await expect(t.app.settle()).resolves.toBeUndefined();
    } finally {
      stand.state.failWith = 0;
    }
    const [card] = await t.query<{ stamps: number }>(
      sql`select stamps from cards where serial = ${joined.card.serial}`,
    );
    expect(card!.stamps).toBe(3);
  });
});

describe("a deleted card's saved pass", () => {
  const expired = (serial: string) =>
    stand
      .patches()
      .filter((r) => r.path.endsWith(encodeURIComponent(`${ISSUER}.${serial}`)))
      .map((r) => JSON.parse(r.body) as { state?: string })
      .filter((body) => body.state === "EXPIRED");

  it("customer-delete expires it through the API, as a job of the deletion", async () => {
    const { token, joined } = await heldCard();
    const serial = joined.card.serial;
    stand.saved.add(`${ISSUER}.${serial}`);
    const res = await t.post("/customer-delete", { serial }, { token });
    expect(res.statusCode).toBe(200);
    // The job was written with the deletion; it runs after the answer.
    const jobs = await jobsOf(t.query, "event.google-wallet-expire");
    expect(jobs.filter((j) => (j.data as { serial?: string }).serial === serial)).toHaveLength(1);
    await t.app.settle();
    expect(expired(serial)).toEqual([
      expect.objectContaining({
        state: "EXPIRED",
        loyaltyPoints: { label: "Stamps", balance: { int: 0 } },
        textModulesData: [expect.objectContaining({ header: "Card deleted" })],
      }),
    ]);
  });

  it("a customer deleting their own card expires it too; a pass never saved (404) is no failure", async () => {
    const { qr, joined } = await heldCard();
    const serial = joined.card.serial;
    const res = await t.post(
      "/wallet-card-delete",
      { qr_token: qr.qr_token, serial },
      { headers: f.cardHeaders([joined.secret]) },
    );
    expect(res.statusCode).toBe(200);
    await expect(t.app.settle()).resolves.toBeUndefined();
    // Asked once, answered 404 (never saved): not retried.
    expect(stand.patches().filter((r) => r.path.endsWith(encodeURIComponent(`${ISSUER}.${serial}`)))).toHaveLength(1);
    const [failed] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'event.google-wallet-expire' and state <> 'completed'`,
    );
    expect(failed!.n).toBe(0);
  });
});

describe("without Google Wallet configured", () => {
  it("no link, and a stamp reaches out to nobody", async () => {
    const plain = await createTestApp();
    const spy = jest.spyOn(globalThis, "fetch");
    try {
      const pf = loyaltyFixtures(plain);
      const { token, qr } = await pf.programme();
      const joined = await pf.join(qr.qr_token);
      const res = await plain.get<WalletCard>("/wallet-card", {
        query: { qr_token: qr.qr_token },
        headers: pf.cardHeaders([joined.secret]),
      });
      expect(res.body.data!.wallet_links).toEqual({ apple: null, google: null });
      expect((await pf.staffScan(token, joined.card.serial)).statusCode).toBe(200);
      await plain.app.settle();
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      await plain.close();
    }
  });
});

describe("lock-screen relevance", () => {
  it("the business's class carries the locations of its places with coordinates", async () => {
    const programme = await f.programme();
    await f.addAddress(programme.token, programme.business.id, { latitude: "48.8566", longitude: "2.3522" });
    await f.addAddress(programme.token, programme.business.id, { address: "Somewhere without a pin" });
    const joined = await f.join(programme.qr.qr_token);
    const res = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: programme.qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    const claims = verified(res.body.data!.wallet_links.google!.slice("https://pay.google.com/gp/v/save/".length));
    const [cls] = (claims.payload as { loyaltyClasses: { locations?: unknown }[] }).loyaltyClasses;
    expect(cls!.locations).toEqual([{ latitude: 48.8566, longitude: 2.3522 }]);
  });
});

describe("messages reach the saved passes", () => {
  type Patched = { path: string; body: { messages?: unknown[] } };
  const messagePatches = (from: number): Patched[] =>
    stand
      .patches()
      .slice(from)
      .map((r) => ({ path: decodeURIComponent(r.path.split("/").pop()!), body: JSON.parse(r.body) }))
      .filter((p) => p.body.messages);
  const objectOf = (serial: string) => `${ISSUER}.${serial}`;

  it("a message to all lists it on every card's object, notifying of the new one only", async () => {
    const { token, business, qr, joined } = await heldCard();
    const second = await f.join(qr.qr_token, { name: "Grace Hopper" });
    const unsaved = await f.join(qr.qr_token, { name: "Not Saved" });
    stand.saved.add(objectOf(joined.card.serial));
    stand.saved.add(objectOf(second.card.serial));
    const send = async (title: string, message: string) => {
      const res = await t.post("/notification-add", { business_id: business.id, title, message }, { token });
      expect(res.statusCode).toBe(201);
      await t.settle();
      return res.body.data as { id: number };
    };
    const mark = stand.patches().length;
    const first = await send("Happy hour", "2-for-1 today");
    const patched = messagePatches(mark);
    // Every card is PATCHed (which ones are saved is Google's to know): the unsaved one answered 404.
    expect(patched.map((p) => p.path).sort()).toEqual(
      [joined, second, unsaved].map((j) => objectOf(j.card.serial)).sort(),
    );
    expect(patched[0]!.body).toEqual({
      messages: [
        { id: `message-${first.id}`, header: "Happy hour", body: "2-for-1 today", messageType: "TEXT_AND_NOTIFY" },
      ],
    });

    const again = stand.patches().length;
    const next = await send("Closed Monday", "Back on Tuesday");
    const mine = messagePatches(again).find((p) => p.path === objectOf(joined.card.serial))!;
    expect(mine.body.messages).toEqual([
      { id: `message-${next.id}`, header: "Closed Monday", body: "Back on Tuesday", messageType: "TEXT_AND_NOTIFY" },
      { id: `message-${first.id}`, header: "Happy hour", body: "2-for-1 today", messageType: "TEXT" },
    ]);
  });

  it("a pass saved after a message carries it already, without a notification", async () => {
    const { token, business, qr, joined } = await heldCard();
    const res = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Welcome", message: "Try our new roast" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    const claims = verified(card.body.data!.wallet_links.google!.split("/save/")[1]!);
    const [object] = (claims.payload as { loyaltyObjects: { messages?: unknown[] }[] }).loyaltyObjects;
    expect(object!.messages).toEqual([
      {
        id: `message-${(res.body.data as { id: number }).id}`,
        header: "Welcome",
        body: "Try our new roast",
        messageType: "TEXT",
      },
    ]);
  });

  it("a segment's message goes to the objects of the cards it reached only", async () => {
    const { token, business, qr, joined } = await heldCard({ stamps_required: 2 });
    const other = await f.join(qr.qr_token, { name: "Grace Hopper" });
    for (const j of [joined, other]) stand.saved.add(objectOf(j.card.serial));
    // The first card's reward is ready (2 of 2), the other's not.
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    await t.settle();
    const mark = stand.patches().length;
    const res = await t.post(
      "/notification-add",
      { business_id: business.id, segment: "reward_ready", title: "Your coffee", message: "Is waiting" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    await t.settle();
    const patched = messagePatches(mark);
    expect(patched.map((p) => p.path)).toEqual([objectOf(joined.card.serial)]);
    expect(patched[0]!.body.messages).toEqual([expect.objectContaining({ header: "Your coffee", body: "Is waiting" })]);
  });

  it("past Google's notification quota, the message is added without one (no retry loop)", async () => {
    const { token, business, joined } = await heldCard();
    const id = objectOf(joined.card.serial);
    stand.saved.add(id);
    stand.notifyQuotaSpent.add(id);
    const mark = stand.patches().length;
    const res = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Hi", message: "Again" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    await t.settle();
    const bodies = stand
      .patches()
      .slice(mark)
      .map((r) => JSON.parse(r.body) as { messages: { messageType: string }[] });
    expect(bodies.map((b) => b.messages.map((m) => m.messageType))).toEqual([["TEXT_AND_NOTIFY"], ["TEXT"]]);
    const waiting = await t.query<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'google-wallet-message' and state < 'active'`,
    );
    expect(waiting[0]!.n).toBe(0);
  });

  it("pages through the business's cards, a job per page, and pg-boss's retry of a page PATCHes its failed card alone", async () => {
    const { token, business, joined } = await heldCard();
    const ownerId = (
      await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${business.id}`)
    )[0]!.id;
    // 120 more cards, straight into the database: more than a page.
    await t.query(sql`
      with c as (
        insert into customers (user_id, name, email)
        select ${ownerId}, 'Bulk ' || g, 'bulk-' || g || '-' || ${business.id} || '@example.com' from generate_series(1, 120) g
        returning id)
      insert into cards (user_id, business_id, customer_id, serial, stamps)
      select ${ownerId}, ${business.id}, c.id, 'BULK-' || ${business.id} || '-' || c.id, 1 from c`);
    stand.saved.add(objectOf(joined.card.serial));
    stand.state.failNext = 1;
    const mark = stand.patches().length;
    const res = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Bulk", message: "Hello all" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    await t.settle();
    const paths = stand
      .patches()
      .slice(mark)
      .map((r) => r.path);
    // 121 cards, each PATCHed once: two pages (100 + 21); one PATCH failed (503).
    expect(paths).toHaveLength(121);
    expect(new Set(paths).size).toBe(121);
    // The second page is a job of its own, done; the first (the event's job) failed for that card
    // and waits for pg-boss's retry (the one retry policy of every job).
    const pages = await t.query<{ name: string; state: string; later: boolean }>(
      sql`select name, state::text, start_after > now() as later from pgboss.job
        where name in ('event.google-wallet-message', 'google-wallet-message')
        and (data->>'businessId')::int = ${business.id} order by name`,
    );
    expect(pages).toEqual([
      { name: "event.google-wallet-message", state: "retry", later: true },
      { name: "google-wallet-message", state: "completed", later: false },
    ]);
    // Its time come, the retry PATCHes the card that failed and nothing else.
    await t.query(
      sql`update pgboss.job set start_after = now() - interval '1 second'
      where name = 'event.google-wallet-message' and state = 'retry'`,
    );
    await t.settle();
    expect(
      stand
        .patches()
        .slice(mark + 121)
        .map((r) => r.path),
    ).toEqual([paths[0]]);
  });
});

describe("vouchers on the saved pass", () => {
  it("adds a text module per unused voucher when one is issued, and takes it off when it is redeemed", async () => {
    const { token, business, joined } = await heldCard();
    stand.saved.add(`${ISSUER}.${joined.card.serial}`);
    const offer = await t.post<{ id: number }>(
      "/offer-add",
      { business_id: business.id, title: "Free pastry", kind: "free_item", trigger: "manual", valid_days: 7 },
      { token },
    );
    const issued = await t.post<{ code: string }>(
      "/voucher-issue",
      { offer_id: offer.body.data.id, serial: joined.card.serial },
      { token },
    );
    expect(issued.statusCode).toBe(201);
    await t.app.settle();
    const modules = () =>
      (JSON.parse(stand.patches().at(-1)!.body) as { textModulesData: { id: string; header: string; body: string }[] })
        .textModulesData;
    expect(modules()).toEqual([
      expect.objectContaining({ id: "reward" }),
      {
        id: `voucher-${issued.body.data.code}`,
        header: "Free pastry",
        body: expect.stringContaining(issued.body.data.code),
      },
    ]);
    expect((await t.post("/voucher-redeem", { code: issued.body.data.code }, { token })).statusCode).toBe(200);
    await t.app.settle();
    expect(modules()).toEqual([expect.objectContaining({ id: "reward" })]);
  });
});
