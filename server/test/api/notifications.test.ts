import { sql } from "drizzle-orm";
import type { FeedEntry, NotificationList, SentMessage } from "../../../contract/notifications";
import type { WalletCard } from "../../../contract/wallet";
import { seedPlans } from "../../src/seed/plans";
import { createTestApp, expectError, expectInvalid, uniqueEmail, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { ownerPayingStarter } from "../helpers/payments";

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  await seedPlans(t.database.db);
});
afterAll(() => t.close());

async function feed(token: string, query: Record<string, string> = {}) {
  await t.settle();
  const res = await t.get<NotificationList>("/notification-list", { token, query });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

const send = (token: string, businessId: number, fields: Record<string, unknown> = {}) =>
  t.post<SentMessage>(
    "/notification-add",
    { business_id: businessId, title: "Happy hour", message: "2-for-1 today", ...fields },
    { token },
  );

describe("the owner's feed", () => {
  it("fills from joins, redeems, staff joining and payments, newest first, with an unread count", async () => {
    const { token, qr } = await f.programme({ stamps_required: 2 });
    const joined = await f.join(qr.qr_token, { name: "Ada Lovelace" });
    await f.staffScan(token, joined.card.serial);
    await f.staffScan(token, joined.card.serial);
    await f.staffOf(token, uniqueEmail("staff"));

    const list = await feed(token);
    expect(list.notificationData.map((e: FeedEntry) => e.kind)).toEqual([
      "staff_joined",
      "reward_redeemed",
      "card_joined",
    ]);
    expect(list.notificationData[2]).toMatchObject({
      title: "New card",
      text: expect.stringContaining("Ada Lovelace"),
    });
    expect(list.notificationData[1]!.text).toContain("Free coffee");
    expect(list).toMatchObject({ total: 3, unread_count: 3, page: 1, last_page: 1, push_configured: false });
    expect(list.notificationData.every((e) => e.read_at === null)).toBe(true);
  });

  it("records payments that succeed and fail", async () => {
    const { token: owner, charge } = await ownerPayingStarter(t);
    await charge("pm_card_visa_chargeDeclined");
    await charge("pm_card_visa");
    const list = await feed(owner);
    expect(list.notificationData.map((e) => [e.kind, e.title])).toEqual([
      ["payment_succeeded", "Payment received"],
      ["payment_failed", "Payment failed"],
    ]);
    expect(list.notificationData[1]!.text).toContain("Your card was declined.");
  });

  it("pages, marks read and clears", async () => {
    const { token, qr } = await f.programme();
    for (let i = 0; i < 3; i++) await f.join(qr.qr_token);
    const first = await feed(token, { per_page: "2" });
    expect(first).toMatchObject({ total: 3, per_page: 2, last_page: 2, unread_count: 3 });
    expect(first.notificationData).toHaveLength(2);
    expect((await feed(token, { per_page: "2", page: "2" })).notificationData).toHaveLength(1);

    const read = await t.post<{ read: number }>("/notification-read", undefined, { token });
    expect(read.body.data).toEqual({ read: 3 });
    const after = await feed(token);
    expect(after.unread_count).toBe(0);
    expect(after.notificationData.every((e) => typeof e.read_at === "string")).toBe(true);

    // A fourth phone on the same address (a café's Wi-Fi): its card, and no fraud alert.
    await f.join(qr.qr_token);
    expect((await feed(token)).unread_count).toBe(1);

    const cleared = await t.post("/notification-clear", undefined, { token });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body.message).toBe("Notification cleared successfully");
    expect(await feed(token)).toMatchObject({ notificationData: [], total: 0, unread_count: 0 });
  });

  it("is the owner's own: another owner neither sees nor clears it; staff get 403", async () => {
    const a = await f.programme();
    await f.join(a.qr.qr_token);
    const b = await f.owner();
    expect((await feed(b)).total).toBe(0);
    await t.post("/notification-clear", undefined, { token: b });
    await t.post("/notification-read", undefined, { token: b });
    expect(await feed(a.token)).toMatchObject({ total: 1, unread_count: 1 });

    const staff = await f.staffOf(a.token, uniqueEmail("staff"));
    for (const [method, path] of [
      ["GET", "/notification-list"],
      ["POST", "/notification-clear"],
      ["POST", "/notification-read"],
      ["POST", "/notification-add"],
      ["GET", "/message-list"],
    ] as const) {
      expectError(await t.request(method, path, method === "POST" ? {} : undefined, { token: staff.token }), 403);
      expectError(await t.request(method, path, method === "POST" ? {} : undefined), 401, "Unauthenticated.");
    }
    expect((await feed(a.token)).total).toBe(2); // the join and the staff member
  });

  it("refuses a bad page (422)", async () => {
    expectInvalid(await t.get("/notification-list", { token: await f.owner(), query: { per_page: "500" } }), [
      "per_page",
    ]);
  });
});

describe("messages to card holders (notification-add)", () => {
  it("stores the message, lists it, shows it on the business's cards and emits message.sent", async () => {
    const { token, qr, business } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const emitted: unknown[] = [];
    t.app.events.on("message.sent", "test", async (e) => void emitted.push(e));

    const res = await send(token, business.id, { title: "  Happy hour  ", message: " 2-for-1 lattes until 5pm " });
    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe("Notification added successfully");
    expect(res.body.data).toMatchObject({
      business_id: business.id,
      title: "Happy hour",
      message: "2-for-1 lattes until 5pm",
    });
    await t.settle();
    expect(emitted).toEqual([expect.objectContaining({ type: "message.sent", messageId: res.body.data.id })]);

    await send(token, business.id, { title: "Closed Monday" });
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(card.body.data.messages?.map((m) => m.title)).toEqual(["Closed Monday", "Happy hour"]);

    const sent = await t.get<{ items: SentMessage[]; total: number }>("/message-list", { token });
    expect(sent.body.data.total).toBe(2);
    expect(sent.body.data.items[0]).toMatchObject({ title: "Closed Monday", business_name: business.business_name });
    // The owner's own broadcast is in the feed, already read.
    const list = await feed(token);
    expect(list.notificationData[0]).toMatchObject({ kind: "message", read_at: expect.any(String) });
    expect(list.unread_count).toBe(1); // the join only

    // Clearing the feed leaves the customers' messages alone.
    await t.post("/notification-clear", undefined, { token });
    const again = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(again.body.data.messages).toHaveLength(2);
  });

  it("refuses another owner's business (404) and writes nothing", async () => {
    const a = await f.programme();
    const b = await f.owner();
    expectError(await send(b, a.business.id), 404, "Business not found.");
    const [row] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from business_messages where business_id = ${a.business.id}`,
    );
    expect(row!.n).toBe(0);
    const bList = await t.get<{ total: number }>("/message-list", {
      token: b,
      query: { business_id: String(a.business.id) },
    });
    expect(bList.body.data.total).toBe(0);
  });

  it.each([
    [{ title: "" }, ["title"]],
    [{ title: "   " }, ["title"]],
    [{ title: "x".repeat(61) }, ["title"]],
    [{ message: "" }, ["message"]],
    [{ message: "x".repeat(241) }, ["message"]],
    [{ business_id: "" }, ["business_id"]],
    [{ business_id: "abc", title: 5, message: null }, ["business_id", "title", "message"]],
  ])("refuses %j with field messages (422), nothing written", async (fields, errors) => {
    const { token, business } = await f.programme();
    expectInvalid(await send(token, business.id, fields), errors);
    const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from business_messages where user_id in
      (select user_id from businesses where id = ${business.id})`);
    expect(row!.n).toBe(0);
  });

  it("takes the longest title and message a phone shows", async () => {
    const { token, business } = await f.programme();
    const res = await send(token, business.id, { title: "t".repeat(60), message: "m".repeat(240) });
    expect(res.statusCode).toBe(201);
    const [row] = await t.query<{ title: string; message: string }>(
      sql`select title, message from business_messages where id = ${res.body.data.id}`,
    );
    expect(row).toEqual({ title: "t".repeat(60), message: "m".repeat(240) });
  });

  it("is rate limited per owner: the 11th message in an hour is a 429 with a retry time", async () => {
    const { token, business } = await f.programme();
    for (let i = 0; i < 10; i++)
      expect((await send(token, business.id, { title: `Message ${i}` })).statusCode).toBe(201);
    const refused = await send(token, business.id, { title: "One too many" });
    expectError(refused, 429, /try again in 60 minutes/);
    const stored = await t.query<{ title: string }>(
      sql`select title from business_messages where business_id = ${business.id}`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((m) => m.title)).not.toContain("One too many");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // Another owner is not affected.
    const other = await f.programme();
    expect((await send(other.token, other.business.id)).statusCode).toBe(201);
  });
});
