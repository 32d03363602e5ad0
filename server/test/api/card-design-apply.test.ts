import sharp from "sharp";
import type { CardDesign } from "../../../contract/card-design";
import type { CounterCode, QrPublic } from "../../../contract/qr-codes";
import { CARD_SECRETS_HEADER, type WalletCard } from "../../../contract/wallet";
import type { AppleUpdatedSerials } from "../../../contract/apple-wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { appleEnv, makeAppleCertificates, PASS_TYPE_ID, readZip, startApnsStandIn } from "../helpers/apple-wallet";
import { startGoogleStandIn, testServiceAccount } from "../helpers/google-wallet-stand-in";
import { multipart } from "../helpers/dashboard";
import { redeliver } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

// A saved card design reaches the Apple pass (colours, strip), the phones holding
// it (a push, a new change tag), Google's class and saved objects (PATCHes), the card page and the
// counter screen.

jest.setTimeout(60_000);

const ISSUER = "3388000000022222222";
const certs = makeAppleCertificates();
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  apns = await startApnsStandIn(certs);
  google = await startGoogleStandIn();
  const account = testServiceAccount(google.tokenUri);
  t = await createTestApp({
    ...appleEnv(certs, { APNS_ENDPOINT: apns.endpoint, APNS_CA: certs.wwdr.certPem }),
    PUBLIC_APP_URL: "https://cards.example.com",
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account.json)).toString("base64"),
    GOOGLE_WALLET_API_URL: google.apiUrl,
  });
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await apns.close();
  await google.close();
});

const DESIGN = {
  title: "Blue Bean Club",
  background_color: "#FFEB3B",
  foreground_color: "#1A1A1A",
  label_color: "#333333",
  locale: "es",
};

async function design(token: string, businessId: number, strip?: Buffer, extra: Record<string, string> = {}) {
  const body = await multipart({
    ...DESIGN,
    ...extra,
    business_id: String(businessId),
    ...(strip && { strip: { data: strip, filename: "strip.png", type: "image/png" } }),
  });
  const res = await t.post<CardDesign>("/card-design-update", undefined, { token, ...body });
  expect(res.statusCode).toBe(200);
  return res.body.data!;
}

/** A card held on a device, its pass downloaded and registered on a phone. */
async function heldPass() {
  const programme = await f.programme({ stamps_required: 5 });
  const joined = await f.join(programme.qr.qr_token);
  const res = await t.get("/apple-wallet-pass", {
    query: { qr_token: programme.qr.qr_token },
    headers: { [CARD_SECRETS_HEADER]: joined.secret },
  });
  expect(res.statusCode).toBe(200);
  const pass = JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()) as { authenticationToken: string };
  return { ...programme, joined, serial: joined.card.serial, passToken: pass.authenticationToken };
}

const strip = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: "#00aa55" } })
    .png()
    .toBuffer();

it("the Apple pass takes the design's colours, title and strip, and the phone holding it is told", async () => {
  const { token, business, serial, passToken } = await heldPass();
  const device = "d".repeat(32);
  const pushToken = "12".repeat(32);
  const reg = `/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}/${serial}`;
  expect((await t.post(reg, { pushToken }, { headers: { authorization: `ApplePass ${passToken}` } })).statusCode).toBe(
    201,
  );
  const listed = (await t.get(`/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}`))
    .body as unknown as AppleUpdatedSerials;

  const pushes = apns.requests.length;
  await design(token, business.id, await strip());
  await t.settle();
  expect(apns.requests.slice(pushes).map((p) => p.path)).toEqual([`/3/device/${pushToken}`]);
  const changed = await t.get(`/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}`, {
    query: { passesUpdatedSince: listed.lastUpdated },
  });
  expect(changed.statusCode).toBe(200);
  expect((changed.body as unknown as AppleUpdatedSerials).serialNumbers).toEqual([serial]);

  const latest = await t.get(`/apple-wallet/v1/passes/${PASS_TYPE_ID}/${serial}`, {
    headers: { authorization: `ApplePass ${passToken}` },
  });
  expect(latest.statusCode).toBe(200);
  const files = readZip(latest.rawPayload);
  const pass = JSON.parse(files["pass.json"]!.toString()) as Record<string, unknown>;
  expect(pass).toMatchObject({
    backgroundColor: "rgb(255, 235, 59)",
    foregroundColor: "rgb(26, 26, 26)",
    labelColor: "rgb(51, 51, 51)",
    logoText: "Blue Bean Club",
  });
  for (const [name, width, height] of [
    ["strip.png", 375, 123],
    ["strip@2x.png", 750, 246],
    ["strip@3x.png", 1125, 369],
  ] as const) {
    expect(await sharp(files[name]!).metadata()).toMatchObject({ format: "png", width, height });
  }
  // The manifest signs the strips with the rest.
  expect(Object.keys(JSON.parse(files["manifest.json"]!.toString()))).toEqual(
    expect.arrayContaining(["strip.png", "strip@2x.png", "strip@3x.png"]),
  );
});

it("Google's class is PATCHed once with the colour, hero image and title", async () => {
  const { token, business, qr, joined } = await heldPass();
  const classId = `${ISSUER}.business-${business.id}`;
  google.savedClasses.add(classId);
  const before = google.patches().length;
  const saved = await design(token, business.id, await strip());
  await t.settle();
  // The card's object is PATCHed too (a 404 here: never saved), a test of its own below.
  const patches = google
    .patches()
    .slice(before)
    .filter((p) => p.path.includes("/loyaltyClass/"));
  expect(patches.map((p) => p.path)).toEqual([`/walletobjects/v1/loyaltyClass/${encodeURIComponent(classId)}`]);
  const body = JSON.parse(patches[0]!.body) as Record<string, unknown>;
  expect(saved.google_hero_url).toMatch(/^https:\/\/cards\.example\.com\/api\/files\/\d+$/);
  expect(body).toMatchObject({
    hexBackgroundColor: "#ffeb3b",
    programName: "Blue Bean Club",
    heroImage: { sourceUri: { uri: saved.google_hero_url } },
  });

  // A save link made now carries the same design in its class.
  const card = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: { [CARD_SECRETS_HEADER]: joined.secret },
  });
  const jwt = card.body.data!.wallet_links.google!.split("/save/")[1]!;
  const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as {
    payload: { loyaltyClasses: Record<string, unknown>[]; loyaltyObjects: Record<string, unknown>[] };
  };
  expect(claims.payload.loyaltyClasses[0]).toMatchObject({
    hexBackgroundColor: "#ffeb3b",
    programName: "Blue Bean Club",
  });
  // The object too: its own colour and hero override the class's.
  expect(claims.payload.loyaltyObjects[0]).toMatchObject({
    hexBackgroundColor: "#ffeb3b",
    heroImage: { sourceUri: { uri: saved.google_hero_url } },
  });
});

it("the card page and the counter screen get the design, with a text colour readable on it", async () => {
  const { token, business, qr, joined } = await heldPass();
  const page = await t.get<QrPublic>("/qr-detail", { query: { qr_token: qr.qr_token } });
  // Never designed: today's look, white text on the indigo.
  expect(page.body.data!.business.design).toMatchObject({ background_color: "#4f46e5", text_color: "#ffffff" });

  const saved = await design(token, business.id, await strip());
  const expected = {
    title: "Blue Bean Club",
    background_color: "#ffeb3b",
    foreground_color: "#1a1a1a",
    label_color: "#333333",
    // Yellow: black text reaches AA, white would not.
    text_color: "#000000",
    locale: "es",
    strip_url: saved.strip_url,
  };
  expect(
    (await t.get<QrPublic>("/qr-detail", { query: { qr_token: qr.qr_token } })).body.data!.business.design,
  ).toEqual(expected);
  const card = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: { [CARD_SECRETS_HEADER]: joined.secret },
  });
  expect(card.body.data!.place!.business.design).toEqual(expected);
  const counter = await t.get<CounterCode>("/counter-code", { token, query: { qr_id: String(qr.id) } });
  expect(counter.statusCode).toBe(200);
  expect(counter.body.data!.design).toEqual(expected);
});

it("every saved Google object is PATCHed once with the colour and hero, and keeps them through a stamp", async () => {
  const { token, business, qr, joined } = await heldPass();
  const second = await f.join(qr.qr_token);
  const classPath = `/walletobjects/v1/loyaltyClass/${encodeURIComponent(`${ISSUER}.business-${business.id}`)}`;
  const objectPath = (serial: string) => `/walletobjects/v1/loyaltyObject/${encodeURIComponent(`${ISSUER}.${serial}`)}`;
  const paths = [classPath, objectPath(joined.card.serial), objectPath(second.card.serial)];
  google.savedClasses.add(`${ISSUER}.business-${business.id}`);
  for (const card of [joined.card, second.card]) google.saved.add(`${ISSUER}.${card.serial}`);
  await t.settle();
  const ours = (from: number) =>
    google
      .patches()
      .slice(from)
      .filter((p) => paths.includes(p.path));

  const before = google.patches().length;
  const saved = await design(token, business.id, await strip());
  await t.settle();
  const patches = ours(before);
  expect(patches.map((p) => p.path).sort()).toEqual([...paths].sort());
  const hero = { sourceUri: { uri: saved.google_hero_url } };
  for (const p of patches.filter((p) => p.path !== classPath)) {
    expect(JSON.parse(p.body)).toEqual({
      hexBackgroundColor: "#ffeb3b",
      heroImage: { ...hero, contentDescription: expect.anything() },
    });
  }
  // The hero's URI is the API's public file: what Google fetches is the 1032×336 PNG.
  const file = await t.get(new URL(saved.google_hero_url!).pathname.replace(/^\/api/, ""));
  expect(file.statusCode).toBe(200);
  expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: "png", width: 1032, height: 336 });

  // The jobs run again (pg-boss delivering them twice): nothing is PATCHed a second time.
  const after = google.patches().length;
  let rerun = 0;
  for (const queue of ["event.google-wallet-design", "event.google-wallet-design-objects"]) {
    rerun += await redeliver(t.query, queue);
  }
  expect(rerun).toBeGreaterThanOrEqual(2);
  await t.settle();
  expect(ours(after)).toEqual([]);

  // A stamp's PATCH carries the look, so the object keeps it; a removed strip takes the hero off.
  expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
  await t.settle();
  const stamp = ours(after).filter((p) => p.path === objectPath(joined.card.serial));
  expect(stamp).toHaveLength(1);
  expect(JSON.parse(stamp[0]!.body)).toMatchObject({ hexBackgroundColor: "#ffeb3b", heroImage: hero });

  const beforeRemoval = google.patches().length;
  await design(token, business.id, undefined, { remove_strip: "1", background_color: "#102030" });
  await t.settle();
  const removal = ours(beforeRemoval).filter((p) => p.path !== classPath);
  expect(removal).toHaveLength(2);
  for (const p of removal) expect(JSON.parse(p.body)).toEqual({ hexBackgroundColor: "#102030", heroImage: null });
});
