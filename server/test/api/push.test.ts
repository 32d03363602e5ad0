import net from "node:net";
import { sql } from "drizzle-orm";
import type { NotificationList } from "../../../contract/notifications";
import { CARD_HOLDER_PAGE } from "../../src/modules/notifications/push-targets";
import { createFcmSender } from "../../src/services/push";
import { loadConfig } from "../../src/config";
import { createTestApp, expectError, expectInvalid, uniqueEmail, type TestApp } from "../helpers/app";
import { startFcmStandIn } from "../helpers/fcm-stand-in";
import { loyaltyFixtures } from "../helpers/loyalty";

jest.setTimeout(30_000);

let fcm: Awaited<ReturnType<typeof startFcmStandIn>>;
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  fcm = await startFcmStandIn();
  t = await createTestApp({ ...fcm.env, PUBLIC_APP_URL: "https://cards.example.com" });
  f = loyaltyFixtures(t);
});
afterAll(async () => {
  await t.close();
  await fcm.close();
});

const ownerDevice = (n: string) => `owner-device-token-${n}-${"x".repeat(20)}`;
const cardDevice = (n: string) => `card-device-token-${n}-${"y".repeat(20)}`;

const pageJobs = async () =>
  Number(
    (await t.query<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'push-card-holders'`))[0]!
      .n,
  );

const tokens = async () =>
  (await t.query<{ token: string }>(sql`select token from push_tokens order by id`)).map((r) => r.token);

describe("fcm-token", () => {
  it("keeps an owner's dashboard token once, however often it is registered", async () => {
    const token = await f.owner();
    for (let i = 0; i < 2; i++) {
      const res = await t.post("/fcm-token", { for: "owner", token: ownerDevice("once") }, { token });
      expect(res.statusCode).toBe(200);
    }
    expect((await tokens()).filter((x) => x === ownerDevice("once"))).toHaveLength(1);
  });

  it("keeps a card's token only for a device holding a card of that business", async () => {
    const { qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const body = { for: "card", token: cardDevice("holder"), qr_token: qr.qr_token };
    expect((await t.post("/fcm-token", body, { headers: f.cardHeaders([joined.secret]) })).statusCode).toBe(200);
    expectError(await t.post("/fcm-token", { ...body, token: cardDevice("stranger") }), 404, "No card on this device.");
    const other = await f.programme();
    const elsewhere = { ...body, token: cardDevice("elsewhere"), qr_token: other.qr.qr_token };
    expectError(await t.post("/fcm-token", elsewhere, { headers: f.cardHeaders([joined.secret]) }), 404);
    const [row] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from push_tokens where token in (${cardDevice("stranger")}, ${cardDevice("elsewhere")})`,
    );
    expect(row!.n).toBe(0);
  });

  it("needs a signed-in owner or staff member for the dashboard: 401 without", async () => {
    expectError(await t.post("/fcm-token", { for: "owner", token: ownerDevice("anon") }), 401, "Unauthenticated.");
    const owner = await f.owner();
    const staff = await f.staffOf(owner, uniqueEmail("staff"));
    // Staff get the owner's notifications too: their device is kept under their account.
    const res = await t.post("/fcm-token", { for: "owner", token: ownerDevice("staff") }, { token: staff.token });
    expect(res.statusCode).toBe(200);
    const [row] = await t.query<{ role: string }>(
      sql`select u.role from push_tokens p join users u on u.id = p.user_id where p.token = ${ownerDevice("staff")}`,
    );
    expect(row?.role).toBe("staff");
    // The owner's feed ("staff member joined") reaches that device now: sent here, not in the next test.
    await t.settle();
  });

  it.each([
    [{}, ["for"]],
    [{ for: "owner" }, ["token"]],
    [{ for: "owner", token: "short" }, ["token"]],
    [{ for: "card", token: cardDevice("q") }, ["qr_token"]],
    [{ for: "someone", token: cardDevice("q") }, ["for"]],
  ])("refuses %j (422)", async (body, fields) => {
    expectInvalid(await t.post("/fcm-token", body, { token: await f.owner() }), fields);
  });
});

describe("push through FCM (stand-in of the HTTP v1 endpoint)", () => {
  it("pushes feed events to the owner and messages to card holders, deleting tokens FCM reports invalid", async () => {
    const { token, qr, business } = await f.programme();
    await t.post("/fcm-token", { for: "owner", token: ownerDevice("push") }, { token });
    const before = fcm.sent.length;
    const joined = await f.join(qr.qr_token, { name: "Grace Hopper" });
    await t.settle();
    expect(fcm.sent.slice(before)).toEqual([
      {
        project: "loyalty-test",
        token: ownerDevice("push"),
        title: "New card",
        body: expect.stringContaining("Grace Hopper"),
        link: "https://cards.example.com/dashboard/notifications",
      },
    ]);

    const holder = f.cardHeaders([joined.secret]);
    for (const device of [cardDevice("ok"), cardDevice("gone"), `malformed-${cardDevice("m")}`]) {
      const res = await t.post(
        "/fcm-token",
        { for: "card", token: device, qr_token: qr.qr_token },
        { headers: holder },
      );
      expect(res.statusCode).toBe(200);
    }
    fcm.unregistered.add(cardDevice("gone"));
    const mark = fcm.sent.length;
    const res = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Happy hour", message: "2-for-1 today" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    await t.settle();
    expect(fcm.sent.slice(mark)).toEqual([
      expect.objectContaining({ token: cardDevice("ok"), title: "Happy hour", body: "2-for-1 today" }),
    ]);
    const left = await tokens();
    expect(left).toContain(cardDevice("ok"));
    expect(left).not.toContain(cardDevice("gone"));
    expect(left).not.toContain(`malformed-${cardDevice("m")}`);

    // The owner's own broadcast is no feed push to the owner.
    expect(fcm.sent.slice(mark).some((p) => p.token === ownerDevice("push"))).toBe(false);
    const list = await t.get<NotificationList>("/notification-list", { token });
    expect(list.body.data.push_configured).toBe(true);
  });

  it("sends the owner's feed to their staff's devices too, but not their payments, and stops when staff are removed", async () => {
    const { token, qr } = await f.programme();
    const staff = await f.staffOf(token, uniqueEmail("push-staff"));
    const otherOwner = await f.owner();
    const stranger = await f.staffOf(otherOwner, uniqueEmail("push-stranger"));
    await t.post("/fcm-token", { for: "owner", token: ownerDevice("boss") }, { token });
    await t.post("/fcm-token", { for: "owner", token: ownerDevice("till") }, { token: staff.token });
    await t.post("/fcm-token", { for: "owner", token: ownerDevice("elsewhere") }, { token: stranger.token });
    await t.settle();

    const mark = fcm.sent.length;
    await f.join(qr.qr_token, { name: "Ada Lovelace" });
    await t.settle();
    const joined = fcm.sent.slice(mark);
    expect(joined.map((p) => p.token).sort()).toEqual([ownerDevice("boss"), ownerDevice("till")].sort());
    expect(joined.every((p) => p.title === "New card" && p.body.includes("Ada Lovelace"))).toBe(true);

    // The owner's subscription payments stay the owner's.
    const ownerId = (
      await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${qr.business_id}`)
    )[0]!.id;
    const paid = fcm.sent.length;
    await t.app.db.transaction((tx) =>
      t.app.events.emit(tx, { type: "payment.succeeded", ownerId, paymentId: 1, amountMinor: 900, currency: "USD" }),
    );
    await t.settle();
    expect(fcm.sent.slice(paid).map((p) => p.token)).toEqual([ownerDevice("boss")]);

    // Removed: the member's device gets nothing more, at once.
    const removed = await t.post("/delete-staff", { id: staff.invite.id }, { token });
    expect(removed.statusCode).toBe(200);
    const after = fcm.sent.length;
    await f.join(qr.qr_token, { name: "Grace Hopper" });
    await t.settle();
    expect(fcm.sent.slice(after).map((p) => p.token)).toEqual([ownerDevice("boss")]);
    expect(await tokens()).not.toContain(ownerDevice("till"));
  });

  it("a push queued before a staff member was removed does not reach them", async () => {
    const { token, qr } = await f.programme();
    const staff = await f.staffOf(token, uniqueEmail("push-late"));
    await t.post("/fcm-token", { for: "owner", token: ownerDevice("late") }, { token: staff.token });
    await t.settle();
    await f.join(qr.qr_token);
    // The join's feed entry and push are jobs, not yet run: the member is removed first.
    await t.query(
      sql`update users set deleted_at = now() where id = (select staff_user_id from staff_invites where id = ${staff.invite.id})`,
    );
    const mark = fcm.sent.length;
    await t.settle();
    expect(fcm.sent.slice(mark).map((p) => p.token)).not.toContain(ownerDevice("late"));
  });

  it("pages a message through the card holders' tokens, a job per page", async () => {
    const { token, qr, business } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
    const holders = CARD_HOLDER_PAGE * 2 + 3;
    await t.query(sql`insert into push_tokens (token, card_id)
      select 'paged-device-' || i || '-${sql.raw("z".repeat(20))}', ${card!.id} from generate_series(1, ${holders}) i`);
    const mark = fcm.sent.length;
    const jobsBefore = await pageJobs();

    const res = await t.post(
      "/notification-add",
      { business_id: business.id, title: "Paged", message: "All of you" },
      { token },
    );
    expect(res.statusCode).toBe(201);
    await t.settle();

    const sent = fcm.sent.slice(mark).filter((p) => p.title === "Paged");
    expect(sent).toHaveLength(holders);
    expect(new Set(sent.map((p) => p.token)).size).toBe(holders);
    // Three pages: 500, 500 and 3 tokens, each a job of its own.
    expect((await pageJobs()) - jobsBefore).toBe(3);
  });

  it("fetches the OAuth token once and reuses it, both through the proxy", async () => {
    const config = loadConfig({ ...fcm.env, NODE_ENV: "test" }).fcm!;
    const sender = createFcmSender(config, { warn: () => undefined });
    const start = fcm.tokenRequests();
    const tunnels = fcm.connects();
    const result = await sender.send([cardDevice("a"), cardDevice("b")], { title: "T", body: "B" });
    await sender.send([cardDevice("c")], { title: "T", body: "B" });
    expect(result).toEqual({ sent: 2, accepted: [cardDevice("a"), cardDevice("b")], invalid: [], failed: 0 });
    expect(fcm.tokenRequests() - start).toBe(1);
    // The token endpoint and FCM, each through a tunnel of the proxy (no other way reaches them here).
    expect(fcm.connects() - tunnels).toBeGreaterThanOrEqual(2);
    await sender.close();
  });

  it("counts other refusals as failures and keeps those tokens (only a dead token is deleted)", async () => {
    const config = loadConfig({ ...fcm.env, NODE_ENV: "test" }).fcm!;
    fcm.outage = true;
    try {
      const sender = createFcmSender(config, { warn: () => undefined });
      expect(await sender.send([cardDevice("w")], { title: "T", body: "B" })).toEqual({
        sent: 0,
        accepted: [],
        invalid: [],
        failed: 1,
      });
    } finally {
      fcm.outage = false;
    }
    fcm.wrongToken = true;
    try {
      const unauthorised = createFcmSender(config, { warn: () => undefined });
      expect(await unauthorised.send([cardDevice("z")], { title: "T", body: "B" })).toMatchObject({ failed: 1 });
    } finally {
      fcm.wrongToken = false;
    }
  });
});

describe("FCM out of reach", () => {
  it("counts every message of the batch as failed and says so once, rather than hanging or throwing", async () => {
    // A proxy port that was just free: nothing listens there.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const config = loadConfig({ ...fcm.env, HTTPS_PROXY: `http://127.0.0.1:${port}`, NODE_ENV: "test" }).fcm!;
    const warnings: string[] = [];
    const sender = createFcmSender(config, { warn: (_, msg) => warnings.push(msg) });
    const result = await sender.send([cardDevice("d1"), cardDevice("d2"), cardDevice("d3")], { title: "T", body: "B" });
    expect(result).toEqual({ sent: 0, accepted: [], invalid: [], failed: 3 });
    expect(warnings).toEqual(["push messages not sent"]);
  });
});

describe("without Firebase configuration", () => {
  it("keeps tokens but sends nothing and says push is not configured", async () => {
    const plain = await createTestApp({}, { testDatabase: t.testDatabase! });
    try {
      const token = await plain.tokenFor((await plain.createUser()).id);
      expect(
        (await plain.post("/fcm-token", { for: "owner", token: ownerDevice("plain") }, { token })).statusCode,
      ).toBe(200);
      const list = await plain.get<{ push_configured: boolean }>("/notification-list", { token });
      expect(list.body.data.push_configured).toBe(false);
    } finally {
      await plain.app.close();
    }
  });
});
