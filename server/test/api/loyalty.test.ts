import { sql } from "drizzle-orm";
import type { Paginated } from "../../../contract/pagination";
import type { QrCodeDetail, QrPublic } from "../../../contract/qr-codes";
import type { Reward } from "../../../contract/rewards";
import type { WalletCard } from "../../../contract/wallet";
import { codeOf, createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Argon2 codes, 2048 px PNGs and whole journeys per test: more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

describe("rewards", () => {
  it("adds, edits, lists per business and removes", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const other = await f.addBusiness(token, { business_name: "Second" });
    const res = await t.post(
      "/add-reward",
      { business_id: business.id, title: " Free coffee ", stamps_required: "10" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      title: "Free coffee",
      stamps_required: 10,
      cooldown_minutes: 240,
      business_name: "Blue Bean Café",
    });
    expect(res.body.data).not.toHaveProperty("product_category_id");
    const id = (res.body.data as Reward).id;
    await f.addReward(token, business.id, { title: "Free cake" });
    await f.addReward(token, other.id, { title: "Free tea" });
    const edit = await t.post(
      "/add-reward",
      { id, business_id: business.id, title: "Free latte", stamps_required: 8 },
      { token },
    );
    expect(edit.body).toMatchObject({
      message: "Reward updated successfully.",
      data: { title: "Free latte", stamps_required: 8 },
    });
    const list = await t.get<Paginated<Reward>>("/reward-list", { token, query: { business_id: String(business.id) } });
    expect(list.body.data.items.map((r) => r.title)).toEqual(["Free cake", "Free latte"]);
    expect((await t.post("/remove-reward", { id }, { token })).body.message).toBe("Reward removed successfully.");
    expect((await t.get<Paginated<Reward>>("/reward-list", { token })).body.data.total).toBe(2);
    expectError(await t.post("/remove-reward", { id }, { token }), 404);
  });

  it("refuses bad input with field messages and writes nothing", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    for (const [body, fields] of [
      [{ business_id: business.id, title: "X", stamps_required: 1 }, ["stamps_required"]],
      [{ business_id: business.id, title: "X", stamps_required: 51 }, ["stamps_required"]],
      [{ business_id: business.id, title: "", stamps_required: 5 }, ["title"]],
      [{ business_id: business.id, title: "X", stamps_required: 5, cooldown_minutes: -1 }, ["cooldown_minutes"]],
      [{ title: "X", stamps_required: 5 }, ["business_id"]],
      [{ business_id: business.id, title: "X", stamps_required: 2.5 }, ["stamps_required"]],
    ] as const) {
      expectInvalid(await t.post("/add-reward", body, { token }), [...fields]);
    }
    expect((await t.query(sql`select id from rewards where business_id = ${business.id}`)).length).toBe(0);
  });
});

describe("QR codes", () => {
  it("generates an unguessable token, lists, renders PNG and SVG, and a deleted code stops at once", async () => {
    const { token, business, reward, qr } = await f.programme();
    expect(qr.qr_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(qr.url).toBe(`http://localhost:3000/add-to-wallet?qr_token=${qr.qr_token}`);
    expect(qr).toMatchObject({
      business_id: business.id,
      reward_id: reward.id,
      reward_title: "Free coffee",
      label: "Counter",
    });
    const single = await t.get<QrCodeDetail>("/single-qr-code", { token, query: { id: String(qr.id) } });
    expect(single.body.data.png).toMatch(/^data:image\/png;base64,/);
    expect(single.body.data.svg).toMatch(/^<svg[^>]+viewBox/);
    const png = Buffer.from(single.body.data.png.split(",")[1]!, "base64");
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(2000); // print resolution
    const list = await t.get<Paginated<{ id: number }>>("/list-qrcode", { token });
    expect(list.body.data.items.map((q) => q.id)).toEqual([qr.id]);

    const detail = await t.get<QrPublic>("/qr-detail", { query: { qr_token: qr.qr_token } });
    expect(detail.body.data).toMatchObject({
      business: { name: "Blue Bean Café" },
      reward: { title: "Free coffee", stamps_required: 5 },
    });
    const joined = await f.join(qr.qr_token);

    expect((await t.post("/delete-qr", { id: qr.id }, { token })).body.message).toBe("QR code deleted successfully.");
    expectError(await t.get("/qr-detail", { query: { qr_token: qr.qr_token } }), 404, /not valid any more/);
    expectError(
      await f.selfScan(qr.qr_token, [joined.secret]),
      404,
      "This code is not a loyalty card or QR code of ours.",
    );
    expectError(
      await t.post("/wallet-join", { qr_token: qr.qr_token, name: "Ann", email: "ann@example.com", consent: true }),
      404,
    );
    // The card itself still works with staff.
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
  });

  it("needs a reward of the same business, and a location of it", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    expectInvalid(await t.post("/generate-qr", { business_id: business.id, label: "Door" }, { token }), ["reward_id"]);
    const other = await f.addBusiness(token, { business_name: "Other" });
    const reward = await f.addReward(token, other.id);
    expectInvalid(
      await t.post("/generate-qr", { business_id: business.id, reward_id: reward.id, label: "Door" }, { token }),
      ["reward_id"],
    );
    const address = await f.addAddress(token, other.id);
    await f.addReward(token, business.id);
    expectInvalid(
      await t.post("/generate-qr", { business_id: business.id, address_id: address.id, label: "Door" }, { token }),
      ["address_id"],
    );
    expectInvalid(await t.post("/generate-qr", { business_id: business.id, label: "" }, { token }), ["label"]);
    // Without reward_id: the business's newest reward.
    const qr = await f.generateQr(token, business.id);
    expect(qr.reward_title).toBe("Free coffee");
  });
});

describe("the customer's card", () => {
  it("joins with a first stamp, shows the card on this device only, and waits out the cooldown", async () => {
    const { qr } = await f.programme({ cooldown_minutes: 30, daily_cap: 0 });
    const res = await t.post("/wallet-join", {
      qr_token: qr.qr_token,
      name: " Ann Lee ",
      email: "Ann@Example.com",
      consent: true,
    });
    expect(res.statusCode).toBe(201);
    const data = res.body.data as { card: WalletCard; card_secret: string };
    expect(data.card).toMatchObject({ customer_name: "Ann Lee", stamps: 1, stamps_required: 5, reward_ready: false });
    expect(data.card.serial).toMatch(/^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(data.card_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    expect(await t.query(sql`select 1 from card_keys where secret_hash = ${data.card_secret}`)).toHaveLength(0);

    const card = await t.get<WalletCard | null>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([data.card_secret]),
    });
    expect(card.body.data).toMatchObject({ serial: data.card.serial, stamps: 1 });
    expect((await t.get("/wallet-card", { query: { qr_token: qr.qr_token } })).body.data).toBeNull();
    expect(
      (await t.get("/wallet-card", { query: { qr_token: qr.qr_token }, headers: f.cardHeaders(["x".repeat(43)]) })).body
        .data,
    ).toBeNull();

    const wait = await f.selfScan(qr.qr_token, [data.card_secret]);
    expect(wait.body).toMatchObject({
      message: "You already collected a stamp here.",
      data: { action: "wait", stamps: 1 },
    });
    const next = Date.parse(wait.body.data.next_stamp_at!);
    expect(next - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(next - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    await t.query(
      sql`update cards set last_self_stamp_at = now() - interval '31 minutes' where serial = ${data.card.serial}`,
    );
    // The scanner takes the code as the full URL too.
    const stamp = await f.selfScan(qr.qr_token, [data.card_secret], qr.url);
    expect(stamp.body).toMatchObject({ message: "Stamp added: 2 of 5.", data: { action: "stamp", stamps: 2 } });
  });

  it("refuses a second card for the same email, missing consent and bad fields", async () => {
    const { qr } = await f.programme();
    const joined = await f.join(qr.qr_token, { email: "bo@example.com" });
    const again = await t.post("/wallet-join", {
      qr_token: qr.qr_token,
      name: "Bo",
      email: "BO@example.com",
      consent: true,
    });
    expectInvalid(again, ["email"]);
    expect(again.body.message).toMatch(/already has a card here/);
    expectInvalid(await t.post("/wallet-join", { qr_token: qr.qr_token, name: "Bo", email: "b@example.com" }), [
      "consent",
    ]);
    expectInvalid(await t.post("/wallet-join", { qr_token: qr.qr_token, name: "", email: "nope", consent: true }), [
      "name",
      "email",
    ]);
    expectInvalid(
      await t.post("/wallet-join", { qr_token: "short", name: "Bo", email: "c@example.com", consent: true }),
      ["qr_token"],
    );
    expect(await t.query(sql`select 1 from cards where serial = ${joined.card.serial}`)).toHaveLength(1);
    expect(await t.query(sql`select 1 from customers where email in ('b@example.com', 'c@example.com')`)).toHaveLength(
      0,
    );
  });

  it("recovers a card on another device with an email code, telling nothing about other emails", async () => {
    const { qr } = await f.programme();
    const joined = await f.join(qr.qr_token, { email: "cy@example.com" });
    const unknown = await t.post("/wallet-recover", { qr_token: qr.qr_token, email: "nobody@example.com" });
    const known = await t.post("/wallet-recover", { qr_token: qr.qr_token, email: "cy@example.com" });
    expect(known.body).toEqual(unknown.body);
    expect(await t.mailsTo("nobody@example.com")).toHaveLength(0);
    const mails = await t.mailsTo("cy@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Blue Bean Café card code/);
    const code = codeOf(mails[0]!);
    const wrong = code === "000000" ? "111111" : "000000";
    expectInvalid(await t.post("/wallet-recover", { qr_token: qr.qr_token, email: "cy@example.com", code: wrong }), [
      "code",
    ]);
    const ok = await t.post<{ card: WalletCard; card_secret: string }>("/wallet-recover", {
      qr_token: qr.qr_token,
      email: "cy@example.com",
      code,
    });
    expect(ok.body).toMatchObject({
      message: expect.stringMatching(
        /^Your card is on this device again\. Other devices holding this card were signed out/,
      ),
      data: { card: { stamps: joined.card.stamps } },
    });
    expect(ok.body.data.card_secret).not.toBe(joined.secret);
    // The card is on the new device alone, with a new serial; the code is spent.
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([ok.body.data.card_secret]),
    });
    expect(card.body.data.serial).toBe(ok.body.data.card.serial);
    expect(card.body.data.serial).not.toBe(joined.card.serial);
    const old = await t.get("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(old.body.data).toBeNull();
    expectInvalid(await t.post("/wallet-recover", { qr_token: qr.qr_token, email: "cy@example.com", code }), ["code"]);
  });
});

describe("the scanner", () => {
  it("stamps a card until the reward, then redeems it; staff scan for their owner", async () => {
    const { token, qr } = await f.programme({ stamps_required: 3 });
    const joined = await f.join(qr.qr_token);
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    const first = await f.staffScan(staff.token, joined.card.serial.toLowerCase().replace(/-/g, " "));
    expect(first.body).toMatchObject({
      message: "Stamp added: 2 of 3.",
      data: { action: "stamp", stamps: 2, reward_ready: false },
    });
    const second = await f.staffScan(token, joined.card.serial);
    expect(second.body).toMatchObject({
      message: "Stamp added: 3 of 3. The reward is ready.",
      data: { reward_ready: true },
    });
    const redeem = await f.staffScan(staff.token, joined.card.serial);
    expect(redeem.body).toMatchObject({
      message: "Reward redeemed: Free coffee. 0 stamps left on the card.",
      data: { action: "redeem", stamps: 0, customer_name: joined.card.customer_name, business_name: "Blue Bean Café" },
    });
    const rows = await t.query<{ kind: string; staff_user_id: number | null }>(
      sql`select kind, staff_user_id from scans s join cards c on c.id = s.card_id where c.serial = ${joined.card.serial} order by s.id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(["join", "stamp", "stamp", "redeem"]);
    expect(rows[0]!.staff_user_id).toBeNull();
    expect(rows[1]!.staff_user_id).not.toBeNull();
  });

  it("a staff scan counts toward the card's own reward, and its successor once that is removed", async () => {
    const { token, business, reward, qr } = await f.programme({ stamps_required: 3 });
    const joined = await f.join(qr.qr_token);
    // A newer reward of the same business does not take over a card that has one.
    const newer = await f.addReward(token, business.id, { title: "Free cake", stamps_required: 8 });
    expect((await f.staffScan(token, joined.card.serial)).body.message).toBe("Stamp added: 2 of 3.");
    await t.post("/remove-reward", { id: reward.id }, { token });
    const next = await f.staffScan(token, joined.card.serial);
    expect(next.body.message).toBe("Stamp added: 3 of 8.");
    expect(next.body.data).toMatchObject({ reward_title: newer.title, stamps_required: 8 });
  });

  it("answers a clear message for codes it does not know, and asks staff for the card", async () => {
    const { token, qr } = await f.programme();
    expectError(await f.staffScan(token, "LC-0000-0000-0000"), 404, "This card is not one of your business's cards.");
    for (const code of ["hello", "https://example.com/?qr_token=abc", "x".repeat(32)]) {
      expectError(await f.staffScan(token, code), 404, "This code is not a loyalty card or QR code of ours.");
    }
    expectInvalid(await t.post("/qr-code-scanner", { code: "" }, { token }), ["code"]);
    const staffOnBusinessCode = await f.staffScan(token, qr.url);
    expectError(staffOnBusinessCode, 422, "This is a business QR code. Scan the customer's card instead.");
    expectError(await f.selfScan(qr.qr_token, []), 422, /Join first/);
    const joined = await f.join(qr.qr_token);
    expectError(await t.post("/qr-code-scanner", { code: joined.card.serial }), 401, "Unauthenticated.");
  });
});
