import { createHash, X509Certificate } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { AppleUpdatedSerials } from "../../../contract/apple-wallet";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet";
import { createPassImageCache } from "../../src/modules/apple-wallet/images";
import { APPLE_MESSAGE_PAGE } from "../../src/modules/apple-wallet/message-updates";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import {
  appleEnv,
  makeAppleCertificates,
  PASS_TYPE_ID,
  readZip,
  startApnsStandIn,
  TEAM_ID,
  verifyDetachedSignature,
} from "../helpers/apple-wallet";
import { loyaltyFixtures } from "../helpers/loyalty";

// Key generation, image resizing and signing per pass: more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

const certs = makeAppleCertificates();
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  apns = await startApnsStandIn(certs);
  t = await createTestApp(appleEnv(certs, { APNS_ENDPOINT: apns.endpoint, APNS_CA: certs.wwdr.certPem }));
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await apns.close();
});

const DEVICE = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const PUSH_TOKEN = "ab".repeat(32);
const registration = (serial: string, device = DEVICE) =>
  `/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}/${serial}`;
const serials = (device = DEVICE) => `/apple-wallet/v1/devices/${device}/registrations/${PASS_TYPE_ID}`;
const latest = (serial: string) => `/apple-wallet/v1/passes/${PASS_TYPE_ID}/${serial}`;
const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

/**
 * An owner's programme with a red logo, a customer's card on a device, and that card's pass;
 * `locale`: the card's language (the business's).
 */
async function cardWithPass(locale?: string) {
  const token = await f.owner();
  const logo = await sharp({ create: { width: 240, height: 240, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  const business = await f.addBusiness(token, { business_name: "Red Door Bakery" }, logo);
  if (locale) await t.query(sql`update businesses set card_locale = ${locale} where id = ${business.id}`);
  const reward = await f.addReward(token, business.id, { title: "Free croissant", stamps_required: 10 });
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  const joined = await f.join(qr.qr_token);
  const res = await t.get("/apple-wallet-pass", {
    query: { qr_token: qr.qr_token },
    headers: { [CARD_SECRETS_HEADER]: joined.secret },
  });
  expect(res.statusCode).toBe(200);
  const files = readZip(res.rawPayload);
  const pass = JSON.parse(files["pass.json"]!.toString()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Apple's pass.json, read field by field
  return {
    token,
    qr,
    joined,
    serial: joined.card.serial,
    res,
    files,
    pass,
    passToken: pass.authenticationToken as string,
  };
}

describe("the .pkpass download", () => {
  it("shows each unused voucher on the back with its code and expiry", async () => {
    const { token, qr, joined } = await cardWithPass();
    const businessId = (
      await t.query<{ business_id: number }>(sql`select business_id from cards where serial = ${joined.card.serial}`)
    )[0]!.business_id;
    const offer = await t.post<{ id: number }>(
      "/offer-add",
      { business_id: businessId, title: "Free pastry", kind: "free_item", trigger: "manual", valid_days: 7 },
      { token },
    );
    const issued = await t.post<{ code: string }>(
      "/voucher-issue",
      { offer_id: offer.body.data.id, serial: joined.card.serial },
      { token },
    );
    const res = await t.get("/apple-wallet-pass", {
      query: { qr_token: qr.qr_token },
      headers: { [CARD_SECRETS_HEADER]: joined.secret },
    });
    const pass = JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()) as {
      storeCard: { backFields: { key: string; label: string; value: string }[] };
    };
    expect(pass.storeCard.backFields).toContainEqual({
      key: `voucher-${issued.body.data.code}`,
      label: "Free pastry",
      value: expect.stringMatching(new RegExp(`^${issued.body.data.code} · valid until `)),
    });
  });

  it("is a zip whose manifest hashes every file, signed by the pass certificate", async () => {
    const { res, files } = await cardWithPass();
    expect(res.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    expect(res.headers["last-modified"]).toBeTruthy();
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="LC-[0-9A-Z-]+\.pkpass"/);
    const manifest = JSON.parse(files["manifest.json"]!.toString()) as Record<string, string>;
    const signed = Object.keys(files).filter((name) => name !== "manifest.json" && name !== "signature");
    expect(Object.keys(manifest).sort()).toEqual(signed.sort());
    for (const name of ["pass.json", "icon.png", "icon@2x.png", "logo.png", "logo@2x.png"])
      expect(signed).toContain(name);
    for (const [name, hash] of Object.entries(manifest)) {
      expect(createHash("sha1").update(files[name]!).digest("hex")).toBe(hash);
    }
    const signer = verifyDetachedSignature(files.signature!, files["manifest.json"]!, certs.wwdr.certPem);
    expect(signer).toBe(new X509Certificate(certs.pass.certPem).toString());
    // A changed manifest no longer verifies.
    const tampered = Buffer.from(files["manifest.json"]!.toString().replace(/[0-9a-f]{40}/, "0".repeat(40)));
    expect(() => verifyDetachedSignature(files.signature!, tampered, certs.wwdr.certPem)).toThrow();
  });

  it("carries the card: storeCard, stamps with a change message, reward, QR of the serial, web service", async () => {
    const { pass, serial, files } = await cardWithPass();
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE_ID,
      teamIdentifier: TEAM_ID,
      serialNumber: serial,
      organizationName: "Red Door Bakery",
      webServiceURL: "http://localhost:3000/api/apple-wallet",
    });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(32);
    expect(pass.storeCard.primaryFields).toEqual([
      { key: "stamps", label: "Stamps", value: "1 of 10", changeMessage: "Stamps: %@" },
    ]);
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ key: "reward", value: "Free croissant" });
    expect(pass.barcodes[0]).toMatchObject({ format: "PKBarcodeFormatQR", message: serial });
    // Colours from the logo: red, with white text on it.
    expect(pass.backgroundColor).toMatch(/^rgb\(1[89]\d, 5\d, 4\d\)$/);
    expect(pass.foregroundColor).toBe("rgb(255, 255, 255)");
    expect((await sharp(files["icon@2x.png"]!).metadata()).width).toBe(58);
    // Only the token's hash is stored.
    const rows = await t.query<{ token_hash: string }>(sql`select token_hash from apple_pass_tokens`);
    expect(rows.map((r) => r.token_hash)).toContain(
      createHash("sha256").update(pass.authenticationToken).digest("hex"),
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(pass.authenticationToken);
  });

  it("speaks the business's language: an Arabic business's pass has Arabic labels and texts", async () => {
    const { pass } = await cardWithPass("ar");
    expect(pass.description).toBe("بطاقة أختام Red Door Bakery");
    expect(pass.storeCard.primaryFields).toEqual([
      { key: "stamps", label: "الأختام", value: "1 من 10", changeMessage: "الأختام: %@" },
    ]);
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ label: "المكافأة", value: "Free croissant" });
    expect(pass.storeCard.auxiliaryFields[0]).toMatchObject({ key: "member", label: "العضو" });
    const back = Object.fromEntries(
      (pass.storeCard.backFields as { key: string; label: string; value: string }[]).map((field) => [field.key, field]),
    );
    expect(back.message).toMatchObject({ label: "أحدث رسالة", value: "ستظهر هنا الرسائل من Red Door Bakery." });
    expect(back["card-number"]!.label).toBe("رقم البطاقة");
    expect(back.how!.label).toBe("طريقة الاستخدام");
  });

  it("is linked from wallet-card as wallet_links.apple (the Add to Apple Wallet button's href)", async () => {
    const { qr, joined } = await cardWithPass();
    const card = await t.get<{ wallet_links: { apple: string | null } }>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: { [CARD_SECRETS_HEADER]: joined.secret },
    });
    expect(card.body.data.wallet_links.apple).toBe(`/api/apple-wallet-pass?qr_token=${qr.qr_token}`);
  });

  it("answers 404 for a device without the card, and 422 for a bad QR token", async () => {
    const { qr } = await cardWithPass();
    expectError(
      await t.get("/apple-wallet-pass", { query: { qr_token: qr.qr_token } }),
      404,
      "No card on this device.",
    );
    expect((await t.get("/apple-wallet-pass", { query: { qr_token: "x" } })).statusCode).toBe(422);
  });
});

describe("the pass web service", () => {
  it("needs the pass's token: 401 without it, with another card's, or in another scheme", async () => {
    const a = await cardWithPass();
    const b = await cardWithPass();
    const body = { pushToken: PUSH_TOKEN };
    expect((await t.post(registration(a.serial), body)).statusCode).toBe(401);
    expect((await t.post(registration(a.serial), body, { headers: applePass(b.passToken) })).statusCode).toBe(401);
    expect(
      (await t.post(registration(a.serial), body, { headers: { authorization: `Bearer ${a.passToken}` } })).statusCode,
    ).toBe(401);
    expect((await t.get(latest(a.serial), { headers: applePass(b.passToken) })).statusCode).toBe(401);
    expect(
      (await t.request("DELETE", registration(a.serial), undefined, { headers: applePass(b.passToken) })).statusCode,
    ).toBe(401);
    const wrongType = `/apple-wallet/v1/passes/pass.com.other/${a.serial}`;
    expect((await t.get(wrongType, { headers: applePass(a.passToken) })).statusCode).toBe(401);
  });

  it("registers (201, then 200), lists serials changed after a stamp, and unregisters", async () => {
    const { token, serial, passToken } = await cardWithPass();
    const device = `dev${Date.now()}`;
    const first = await t.post(
      registration(serial, device),
      { pushToken: PUSH_TOKEN },
      { headers: applePass(passToken) },
    );
    expect(first.statusCode).toBe(201);
    const again = await t.post(
      registration(serial, device),
      { pushToken: PUSH_TOKEN },
      { headers: applePass(passToken) },
    );
    expect(again.statusCode).toBe(200);

    const all = await t.get(serials(device));
    expect(all.statusCode).toBe(200);
    const listed = all.body as unknown as AppleUpdatedSerials;
    expect(listed.serialNumbers).toEqual([serial]);
    expect(typeof listed.lastUpdated).toBe("string");
    const since = { passesUpdatedSince: listed.lastUpdated };
    expect((await t.get(serials(device), { query: since })).statusCode).toBe(204);

    expect((await f.staffScan(token, serial)).statusCode).toBe(200);
    await t.settle();
    const changed = await t.get(serials(device), { query: since });
    expect(changed.statusCode).toBe(200);
    const after = changed.body as unknown as AppleUpdatedSerials;
    expect(after.serialNumbers).toEqual([serial]);
    expect(BigInt(after.lastUpdated)).toBeGreaterThan(BigInt(listed.lastUpdated));

    const gone = await t.request("DELETE", registration(serial, device), undefined, { headers: applePass(passToken) });
    expect(gone.statusCode).toBe(200);
    expect((await t.get(serials(device))).statusCode).toBe(204);
  });

  it("serves the latest pass with Last-Modified, 304 while unchanged, the new count after a stamp", async () => {
    const { token, serial, passToken } = await cardWithPass();
    // A card last changed a minute ago: its copy is current until it changes.
    await t.query(sql`update cards set updated_at = now() - interval '1 minute' where serial = ${serial}`);
    const first = await t.get(latest(serial), { headers: applePass(passToken) });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    const lastModified = first.headers["last-modified"] as string;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const pass = JSON.parse(readZip(first.rawPayload)["pass.json"]!.toString());
    // The pass keeps its token: Apple never lets it change.
    expect(pass.authenticationToken).toBe(passToken);

    const unchanged = await t.get(latest(serial), {
      headers: { ...applePass(passToken), "if-modified-since": lastModified },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);

    // A stamp at once: newer than the copy's date, whatever second it falls in.
    expect((await f.staffScan(token, serial)).statusCode).toBe(200);
    const updated = await t.get(latest(serial), {
      headers: { ...applePass(passToken), "if-modified-since": lastModified },
    });
    expect(updated.statusCode).toBe(200);
    const next = JSON.parse(readZip(updated.rawPayload)["pass.json"]!.toString());
    expect(next.storeCard.primaryFields[0].value).toBe("2 of 10");
    expect(Date.parse(updated.headers["last-modified"] as string)).toBeGreaterThan(Date.parse(lastModified));
  });

  it("never answers 304 for a change made in the same second as the phone's copy", async () => {
    const { serial, passToken } = await cardWithPass();
    // The card changed a tenth into this second; the phone fetches it now.
    await t.query(
      sql`update cards set updated_at = date_trunc('second', now()) + interval '100 ms' where serial = ${serial}`,
    );
    const first = await t.get(latest(serial), { headers: applePass(passToken) });
    expect(first.statusCode).toBe(200);
    const copy = first.headers["last-modified"] as string;
    // Another change in that same second (HTTP dates cannot tell them apart): a stamp.
    await t.query(
      sql`update cards set stamps = stamps + 1, updated_at = updated_at + interval '100 ms' where serial = ${serial}`,
    );
    const next = await t.get(latest(serial), { headers: { ...applePass(passToken), "if-modified-since": copy } });
    expect(next.statusCode).toBe(200);
    const pass = JSON.parse(readZip(next.rawPayload)["pass.json"]!.toString());
    expect(pass.storeCard.primaryFields[0].value).toBe("2 of 10");
    // Once settled, that copy is current: 304.
    await t.query(sql`update cards set updated_at = now() - interval '1 minute' where serial = ${serial}`);
    const settled = await t.get(latest(serial), { headers: applePass(passToken) });
    const again = await t.get(latest(serial), {
      headers: { ...applePass(passToken), "if-modified-since": settled.headers["last-modified"] as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("stops serving a deleted customer's pass: 401 for the pass and its registrations", async () => {
    const { token, serial, passToken } = await cardWithPass();
    const device = `gone${Date.now()}`;
    const body = { pushToken: PUSH_TOKEN };
    expect((await t.post(registration(serial, device), body, { headers: applePass(passToken) })).statusCode).toBe(201);
    expect((await t.post("/customer-delete", { serial }, { token })).statusCode).toBe(200);
    expect((await t.get(latest(serial), { headers: applePass(passToken) })).statusCode).toBe(401);
    expect((await t.post(registration(serial, device), body, { headers: applePass(passToken) })).statusCode).toBe(401);
    expect(
      (await t.request("DELETE", registration(serial, device), undefined, { headers: applePass(passToken) }))
        .statusCode,
    ).toBe(401);
    // The phone's list of changed passes no longer names it.
    expect((await t.get(serials(device))).statusCode).toBe(204);
  });

  it("takes the phone's log lines (200) and refuses bad input with 422", async () => {
    expect((await t.post("/apple-wallet/v1/log", { logs: ["Web service error for pass.x: 500"] })).statusCode).toBe(
      200,
    );
    expect((await t.post("/apple-wallet/v1/log", { logs: "no" })).statusCode).toBe(422);
    const { serial, passToken } = await cardWithPass();
    const bad = await t.post(registration(serial), { pushToken: "not hex" }, { headers: applePass(passToken) });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors?.pushToken).toEqual(["The push token is not valid."]);
    expect((await t.get(serials(DEVICE), { query: { passesUpdatedSince: "yesterday" } })).statusCode).toBe(422);
    // Beyond PostgreSQL's bigint: was a 500 (the cast failed in the query).
    for (const tag of ["99999999999999999999", "9223372036854775808"]) {
      const huge = await t.get(serials(DEVICE), { query: { passesUpdatedSince: tag } });
      expect(huge.statusCode).toBe(422);
      expect(huge.body.errors?.passesUpdatedSince).toEqual(["The tag is not valid."]);
    }
  });
});

describe("APNs pushes", () => {
  it("pushes {} to each registered device after a staff stamp, and drops the device APNs answers 410 for", async () => {
    const { token, serial, passToken } = await cardWithPass();
    const live = "cd".repeat(32);
    const dead = "ef".repeat(32);
    apns.answers.set(dead, { status: 410, reason: "Unregistered" });
    for (const [device, pushToken] of [
      ["phone-live", live],
      ["phone-dead", dead],
    ]) {
      const res = await t.post(registration(serial, device!), { pushToken }, { headers: applePass(passToken) });
      expect(res.statusCode).toBe(201);
    }
    const before = apns.requests.length;
    expect((await f.staffScan(token, serial)).statusCode).toBe(200);
    await t.settle();

    const pushes = apns.requests.slice(before);
    expect(pushes.map((p) => p.path).sort()).toEqual([`/3/device/${live}`, `/3/device/${dead}`].sort());
    const passFingerprint = new X509Certificate(certs.pass.certPem).fingerprint256;
    for (const push of pushes) {
      expect(push).toMatchObject({ topic: PASS_TYPE_ID, body: "{}", clientCert: passFingerprint });
    }
    const left = await t.query<{ push_token: string }>(
      sql`select r.push_token from apple_pass_registrations r join cards c on c.id = r.card_id where c.serial = ${serial}`,
    );
    expect(left.map((r) => r.push_token)).toEqual([live]);
  });
});

describe("pass images", () => {
  it("are made once per logo file and reused (least recently used out first)", async () => {
    const cache = createPassImageCache(2);
    const loads: (number | null)[] = [];
    const get = (id: number | null) =>
      cache.get(id, async () => {
        loads.push(id);
        return null;
      });
    const first = await get(7);
    expect(first.files["icon@2x.png"]).toBeInstanceOf(Buffer);
    expect(await get(7)).toBe(first);
    await get(null);
    await get(null);
    expect(loads).toEqual([7, null]);
    await get(8); // the cache holds two: 7, the least recently used, goes
    await get(7);
    expect(loads).toEqual([7, null, 8, 7]);
  });
});

describe("the APNs connection", () => {
  it("is one HTTP/2 session for many updates, and a new one after APNs sends GOAWAY", async () => {
    const { token, serial, passToken } = await cardWithPass();
    const res = await t.post(
      registration(serial, "phone-kept"),
      { pushToken: "ab".repeat(32) },
      {
        headers: applePass(passToken),
      },
    );
    expect(res.statusCode).toBe(201);
    const stamp = async () => {
      expect((await f.staffScan(token, serial)).statusCode).toBe(200);
      await t.settle();
    };
    await stamp();
    const [connections, pushes] = [apns.connections(), apns.requests.length];
    await stamp();
    await stamp();
    expect(apns.requests.length - pushes).toBe(2);
    expect(apns.connections()).toBe(connections);

    apns.goAway();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stamp();
    expect(apns.requests.length - pushes).toBe(3);
    expect(apns.connections()).toBe(connections + 1);
  });
});

describe("without Apple Wallet configured", () => {
  it("answers 404 to the download and the web service, and pushes nothing", async () => {
    const plain = await createTestApp();
    try {
      const g = loyaltyFixtures(plain);
      const { token, qr } = await g.programme();
      const joined = await g.join(qr.qr_token);
      const download = await plain.get("/apple-wallet-pass", {
        query: { qr_token: qr.qr_token },
        headers: { [CARD_SECRETS_HEADER]: joined.secret },
      });
      expectError(download, 404, "Apple Wallet passes are not set up on this site.");
      const card = await plain.get<{ wallet_links: { apple: string | null } }>("/wallet-card", {
        query: { qr_token: qr.qr_token },
        headers: { [CARD_SECRETS_HEADER]: joined.secret },
      });
      expect(card.body.data.wallet_links.apple).toBeNull();
      expect((await plain.get(serials(DEVICE))).statusCode).toBe(404);
      expect((await plain.post("/apple-wallet/v1/log", { logs: [] })).statusCode).toBe(404);
      const before = apns.requests.length;
      expect((await g.staffScan(token, joined.card.serial)).statusCode).toBe(200);
      await plain.settle();
      expect(apns.requests.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});

describe("lock-screen relevance", () => {
  it("carries up to 10 of the business's places with coordinates, each with a relevantText", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token, { business_name: "Corner Café" });
    const reward = await f.addReward(token, business.id);
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    await f.addAddress(token, business.id, { address: "No coordinates" });
    for (let i = 0; i < 11; i++) {
      await f.addAddress(token, business.id, {
        address: `Shop ${i}`,
        latitude: String(51.5 + i / 100),
        longitude: "-0.12",
      });
    }
    const joined = await f.join(qr.qr_token);
    const res = await t.get("/apple-wallet-pass", {
      query: { qr_token: qr.qr_token },
      headers: { [CARD_SECRETS_HEADER]: joined.secret },
    });
    expect(res.statusCode).toBe(200);
    const pass = JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()) as {
      locations: { latitude: number; longitude: number; relevantText: string }[];
    };
    expect(pass.locations).toHaveLength(10);
    expect(pass.locations[0]).toEqual({
      latitude: 51.5,
      longitude: -0.12,
      relevantText: "Corner Café is nearby: show your stamp card.",
    });
    expect(pass.locations.map((l) => l.latitude)).toEqual(Array.from({ length: 10 }, (_, i) => 51.5 + i / 100));
  });

  it("has no locations key when no place has coordinates", async () => {
    const { pass } = await cardWithPass();
    expect(pass.locations).toBeUndefined();
  });
});

describe("messages reach the pass", () => {
  type Field = { key: string; label: string; value: string; changeMessage?: string };
  const messageOf = (pass: object) =>
    (pass as { storeCard: { backFields: Field[] } }).storeCard.backFields.find((field) => field.key === "message");

  /** A second card of the same business as `first`, with its own pass and a registered phone. */
  async function anotherHolder(qrToken: string, device: string, pushToken: string) {
    const joined = await f.join(qrToken);
    const res = await t.get("/apple-wallet-pass", {
      query: { qr_token: qrToken },
      headers: { [CARD_SECRETS_HEADER]: joined.secret },
    });
    const pass = JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()) as { authenticationToken: string };
    const serial = joined.card.serial;
    const reg = await t.post(
      registration(serial, device),
      { pushToken },
      { headers: applePass(pass.authenticationToken) },
    );
    expect(reg.statusCode).toBe(201);
    return { serial, passToken: pass.authenticationToken };
  }

  const fetchPass = async (serial: string, passToken: string) => {
    const res = await t.get(latest(serial), { headers: applePass(passToken) });
    expect(res.statusCode).toBe(200);
    return JSON.parse(readZip(res.rawPayload)["pass.json"]!.toString()) as { storeCard: { backFields: Field[] } };
  };

  const tagOf = async (device: string) =>
    ((await t.get(serials(device))).body as unknown as AppleUpdatedSerials).lastUpdated;

  it("a message to all moves the pass's change tag, pushes the phone, and the pass carries it with a changeMessage", async () => {
    const { token, serial, passToken, pass } = await cardWithPass();
    // Before any message the field is there already (a stable key), with no notice.
    expect(messageOf(pass)).toEqual({
      key: "message",
      label: "Latest message",
      value: "Messages from Red Door Bakery show here.",
    });
    const device = `msg-all-${Date.now()}`;
    const pushToken = "a1".repeat(32);
    const reg = await t.post(registration(serial, device), { pushToken }, { headers: applePass(passToken) });
    expect(reg.statusCode).toBe(201);
    const since = { passesUpdatedSince: await tagOf(device) };
    const fetched = await t.get(latest(serial), { headers: applePass(passToken) });
    const lastModified = fetched.headers["last-modified"] as string;

    const before = apns.requests.length;
    const business = await t.query<{ id: number }>(sql`select business_id as id from cards where serial = ${serial}`);
    const sent = await t.post(
      "/notification-add",
      { business_id: business[0]!.id, title: "Happy hour", message: "2-for-1 on croissants today" },
      { token },
    );
    expect(sent.statusCode).toBe(201);
    await t.settle();

    expect(apns.requests.slice(before).map((p) => p.path)).toEqual([`/3/device/${pushToken}`]);
    const changed = await t.get(serials(device), { query: since });
    expect(changed.statusCode).toBe(200);
    expect((changed.body as unknown as AppleUpdatedSerials).serialNumbers).toEqual([serial]);
    const updated = await t.get(latest(serial), {
      headers: { ...applePass(passToken), "if-modified-since": lastModified },
    });
    expect(updated.statusCode).toBe(200);
    const next = JSON.parse(readZip(updated.rawPayload)["pass.json"]!.toString()) as {
      storeCard: { backFields: Field[] };
    };
    expect(messageOf(next)).toEqual({
      key: "message",
      label: "Latest message",
      value: "Happy hour: 2-for-1 on croissants today",
      changeMessage: "%@",
    });
    // A stamp afterwards keeps the message as it was (no second notice for it).
    expect((await f.staffScan(token, serial)).statusCode).toBe(200);
    expect(messageOf(await fetchPass(serial, passToken))).toEqual(messageOf(next));
  });

  it("a segment's message reaches only the passes of the cards it reached", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token, { business_name: "Segment Bakery" });
    const reward = await f.addReward(token, business.id, { title: "Free bun", stamps_required: 2 });
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const otherDevice = `seg-other-${Date.now()}`;
    const ready = await anotherHolder(qr.qr_token, `seg-ready-${Date.now()}`, "b1".repeat(32));
    const other = await anotherHolder(qr.qr_token, otherDevice, "b2".repeat(32));
    // One more stamp: the first card's reward is ready (2 of 2), the other's not (1 of 2).
    expect((await f.staffScan(token, ready.serial)).statusCode).toBe(200);
    await t.settle();
    const tag = await tagOf(otherDevice);
    const before = apns.requests.length;

    const sent = await t.post(
      "/notification-add",
      { business_id: business.id, segment: "reward_ready", title: "Your bun is waiting", message: "Come and get it" },
      { token },
    );
    expect(sent.statusCode).toBe(201);
    await t.settle();

    expect(apns.requests.slice(before).map((p) => p.path)).toEqual([`/3/device/${"b1".repeat(32)}`]);
    expect(messageOf(await fetchPass(ready.serial, ready.passToken))).toMatchObject({
      value: "Your bun is waiting: Come and get it",
      changeMessage: "%@",
    });
    expect(messageOf(await fetchPass(other.serial, other.passToken))).toEqual({
      key: "message",
      label: "Latest message",
      value: "Messages from Segment Bakery show here.",
    });
    expect((await t.get(serials(otherDevice), { query: { passesUpdatedSince: tag } })).statusCode).toBe(204);
  });

  it("an automation's message updates the pass of the card it was sent to", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token, { business_name: "Welcome Bakery" });
    const reward = await f.addReward(token, business.id, { title: "Free bun", stamps_required: 5 });
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const saved = await t.post(
      "/automation-save",
      {
        business_id: business.id,
        kind: "welcome",
        enabled: true,
        title: "Welcome, {name}",
        message: "Glad you joined {business}.",
      },
      { token },
    );
    expect(saved.statusCode).toBe(200);
    const device = `auto-${Date.now()}`;
    const holder = await anotherHolder(qr.qr_token, device, "c1".repeat(32));
    const tag = await tagOf(device);
    const before = apns.requests.length;
    // The scheduler's tick, as the job queue runs it.
    await t.app.jobs.enqueue(t.app.db, "automations", {});
    await t.settle();
    expect(apns.requests.slice(before).map((p) => p.path)).toEqual([`/3/device/${"c1".repeat(32)}`]);
    expect((await t.get(serials(device), { query: { passesUpdatedSince: tag } })).statusCode).toBe(200);
    expect(messageOf(await fetchPass(holder.serial, holder.passToken))).toMatchObject({
      value: expect.stringMatching(/^Welcome, .+: Glad you joined Welcome Bakery\.$/),
      changeMessage: "%@",
    });
  });

  it("pages through the registered cards, a job per page, each card pushed once", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token, { business_name: "Busy Bakery" });
    const ownerId = (
      await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${business.id}`)
    )[0]!.id;
    // One card more than a page, each with a registered phone, straight into the database.
    const n = APPLE_MESSAGE_PAGE + 1;
    await t.query(sql`
      with cu as (
        insert into customers (user_id, name, email)
        select ${ownerId}, 'Bulk ' || g, 'apple-bulk-' || g || '-' || ${business.id} || '@example.com'
        from generate_series(1, ${n}) g returning id),
      ca as (
        insert into cards (user_id, business_id, customer_id, serial)
        select ${ownerId}, ${business.id}, cu.id, 'APPLE-BULK-' || cu.id from cu returning id)
      insert into apple_pass_registrations (device_library_id, push_token, card_id)
      select 'bulk-device-' || ca.id, lpad(to_hex(ca.id), 64, '0'), ca.id from ca`);
    const before = apns.requests.length;
    const sent = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Bulk", message: "Hello everyone" },
      { token },
    );
    expect(sent.statusCode).toBe(201);
    await t.settle();
    const paths = apns.requests.slice(before).map((p) => p.path);
    expect(paths).toHaveLength(n);
    expect(new Set(paths).size).toBe(n);
    const pages = await t.query<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'apple-pass-message' and (data->>'businessId')::int = ${business.id}`,
    );
    // The first page ran as the event's job; the second is a job of its own.
    expect(pages[0]!.n).toBe(1);
  });
});
