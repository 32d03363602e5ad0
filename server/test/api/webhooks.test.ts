import type { WalletCard } from "../../../contract/wallet";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { NotificationList } from "../../../contract/notifications";
import type { Paginated } from "../../../contract/pagination";
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookWithSecret } from "../../../contract/webhooks";
import type { DeliveryQueue } from "../../src/modules/webhooks/deps";
import { fanOut } from "../../src/modules/webhooks/fan-out";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startReceiver } from "../helpers/webhook-receiver";

// Outgoing webhooks: every event on its change, signed per Standard Webhooks and
// checked with the `standardwebhooks` package, retried with one webhook-id, turned off after 5
// days of failures, sent again and tested from the delivery log, and only to public addresses
// but loopback with WEBHOOKS_ALLOW_PRIVATE (the test environment sets it).
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function addEndpoint(token: string, events: readonly string[] = WEBHOOK_EVENTS, path = "/hook") {
  const res = await t.post<WebhookWithSecret>("/webhook-add", { url: receiver.url(path), events }, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

/** What reached this endpoint's path, each verified with its secret by the standardwebhooks package. */
function verified(path: string, secret: string) {
  return receiver.received
    .filter((r) => r.path === path)
    .map((r) => {
      const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      return { ...event, id: r.headers["webhook-id"] as string, raw: r };
    });
}

const deliveries = async (token: string, endpointId: number) =>
  (
    await t.get<Paginated<WebhookDelivery>>("/webhook-deliveries", {
      token,
      query: { endpoint_id: String(endpointId) },
    })
  ).body.data;

/** Every scheduled retry of this endpoint is due now: the clock moved, by editing rows. */
async function retriesDue(endpointId: number) {
  await t.query(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where endpoint_id = ${endpointId}
    and status = 'pending'`);
  await t.query(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'webhook-deliver' and state = 'created'
    and (data->>'deliveryId')::int in (select id from webhook_deliveries where endpoint_id = ${endpointId})`);
  await t.settle();
}

let paths = 0;
const newPath = () => `/hook-${++paths}`;

describe("events", () => {
  it("delivers each event type on its change, signed, with the receiver verifying it", async () => {
    const p = await f.programme({ stamps_required: 2, cooldown_minutes: 60 });
    const path = newPath();
    const endpoint = await addEndpoint(p.token, WEBHOOK_EVENTS, path);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The secret is shown once: the list never answers it.
    const list = await t.get<unknown[]>("/webhook-list", { token: p.token });
    expect(list.body.data).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    const joined = await f.join(p.qr.qr_token);
    await t.settle();
    await f.staffScan(p.token, joined.card.serial);
    await t.settle();
    await f.staffScan(p.token, joined.card.serial); // the second stamp of two redeems
    await t.settle();
    await t.post("/card-adjust", { serial: joined.card.serial, delta: 30, reason: "Fix" }, { token: p.token });
    await t.settle();
    await t.post(
      "/wallet-birthday",
      { qr_token: p.qr.qr_token, birthday: "1990-05-05" },
      { headers: f.cardHeaders([joined.secret]) },
    );
    await t.settle();
    await t.post("/customer-delete", { serial: joined.card.serial }, { token: p.token });
    await t.settle();

    const got = verified(path, endpoint.secret);
    expect(got.map((e) => e.type)).toEqual([
      "card.created",
      "card.earned",
      "reward.redeemed",
      "card.adjusted",
      "fraud.alert",
      "customer.updated",
      "card.deleted",
    ]);
    expect(got[0]!.data).toMatchObject({ card: { serial: joined.card.serial, business_id: p.business.id } });
    expect(got[2]!.data).toMatchObject({ reward: "Free coffee" });
    expect(got[5]!.data).toMatchObject({ customer: { birthday: "1990-05-05" }, changed: ["birthday"] });
    expect(got[6]!.data).toMatchObject({ card: { serial: joined.card.serial } });
    for (const e of got) {
      expect(e.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(e.raw.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    // A wrong secret does not verify: the signature is the endpoint's.
    expect(() =>
      new Webhook(`whsec_${Buffer.from("other secret").toString("base64")}`).verify(
        got[0]!.raw.body,
        got[0]!.raw.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = await deliveries(p.token, endpoint.id);
    expect(log.total).toBe(7);
    expect(log.items[0]).toMatchObject({
      event_type: "card.deleted",
      status: "delivered",
      attempts: 1,
      status_code: 200,
    });
    expect(log.items[0]!.duration_ms).toEqual(expect.any(Number));
  });

  it("sends only the events an endpoint chose, and the same birthday again is no update", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["customer.updated"], path);
    const joined = await f.join(p.qr.qr_token);
    const birthday = (b: string) =>
      t.post("/wallet-birthday", { qr_token: p.qr.qr_token, birthday: b }, { headers: f.cardHeaders([joined.secret]) });
    await birthday("1991-01-01");
    await birthday("1991-01-01");
    await t.settle();
    expect(verified(path, endpoint.secret).map((e) => e.type)).toEqual(["customer.updated"]);
  });
});

describe("delivery", () => {
  it("retries with backoff under one webhook-id, and send again and the test event reach the endpoint", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["card.created"], path);
    receiver.answer(500);
    try {
      await f.join(p.qr.qr_token);
      await t.settle();
      let [d] = (await deliveries(p.token, endpoint.id)).items;
      expect(d).toMatchObject({ status: "pending", attempts: 1, status_code: 500 });
      // Only an excerpt of the answer is kept.
      expect(d!.error!.length).toBeLessThanOrEqual(200);
      const first = new Date(d!.next_attempt_at!).getTime() - Date.now();
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(5_000);
      await retriesDue(endpoint.id);
      [d] = (await deliveries(p.token, endpoint.id)).items;
      expect(d).toMatchObject({ status: "pending", attempts: 2 });
      // The second wait is longer than the first (5 minutes).
      expect(new Date(d!.next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
      receiver.answer(200);
      await retriesDue(endpoint.id);
      [d] = (await deliveries(p.token, endpoint.id)).items;
      expect(d).toMatchObject({ status: "delivered", attempts: 3, status_code: 200, error: null });
    } finally {
      receiver.answer(200);
    }
    const attempts = receiver.received.filter((r) => r.path === path);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(verified(path, endpoint.secret)).toHaveLength(3);

    // Send again: one more attempt, the same webhook-id.
    const [d] = (await deliveries(p.token, endpoint.id)).items;
    expect((await t.post("/webhook-redeliver", { id: d!.id }, { token: p.token })).statusCode).toBe(200);
    await t.settle();
    const again = verified(path, endpoint.secret);
    expect(again).toHaveLength(4);
    expect(again[3]!.id).toBe(d!.webhook_id);
    expect((await deliveries(p.token, endpoint.id)).items[0]).toMatchObject({ status: "delivered", attempts: 4 });

    // The test event.
    expect((await t.post("/webhook-test", { id: endpoint.id }, { token: p.token })).statusCode).toBe(200);
    await t.settle();
    expect(verified(path, endpoint.secret).at(-1)).toMatchObject({
      type: "webhook.test",
      data: { endpoint_id: endpoint.id },
    });
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["card.created"], path);
    receiver.answer(302);
    try {
      await f.join(p.qr.qr_token);
      await t.settle();
    } finally {
      receiver.answer(200);
    }
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(1);
    expect((await deliveries(p.token, endpoint.id)).items[0]).toMatchObject({ status: "pending", status_code: 302 });
  });

  it("gives a delivery up after about 3 days of retries", async () => {
    const p = await f.programme();
    const endpoint = await addEndpoint(p.token, ["card.created"], newPath());
    receiver.answer(503);
    try {
      await f.join(p.qr.qr_token);
      await t.settle();
      const waits: number[] = [];
      for (let i = 0; i < 20; i++) {
        const [d] = (await deliveries(p.token, endpoint.id)).items;
        if (d!.status !== "pending") break;
        waits.push(new Date(d!.next_attempt_at!).getTime() - Date.now());
        await retriesDue(endpoint.id);
      }
      const [d] = (await deliveries(p.token, endpoint.id)).items;
      expect(d).toMatchObject({ status: "failed", attempts: waits.length + 1, next_attempt_at: null });
      const total = waits.reduce((a, b) => a + b, 0) / 3_600_000;
      expect(total).toBeGreaterThan(60);
      expect(total).toBeLessThan(96);
      for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
    } finally {
      receiver.answer(200);
    }
  });

  it("turns an endpoint failing for 5 days off and tells the owner in the feed", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["card.created"], path);
    receiver.answer(500);
    try {
      await f.join(p.qr.qr_token);
      await t.settle();
      let [row] = await t.query<{ failing: boolean; disabled: boolean }>(
        sql`select failing_since is not null as failing, disabled_at is not null as disabled from webhook_endpoints where id = ${endpoint.id}`,
      );
      expect(row).toEqual({ failing: true, disabled: false });
      // Four days of failures: still on.
      await t.query(
        sql`update webhook_endpoints set failing_since = now() - interval '4 days' where id = ${endpoint.id}`,
      );
      await retriesDue(endpoint.id);
      [row] = await t.query(
        sql`select failing_since is not null as failing, disabled_at is not null as disabled from webhook_endpoints where id = ${endpoint.id}`,
      );
      expect(row).toEqual({ failing: true, disabled: false });
      // Five days and one more failure: off, once, and said in the feed.
      await t.query(
        sql`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ${endpoint.id}`,
      );
      await retriesDue(endpoint.id);
      await retriesDue(endpoint.id);
    } finally {
      receiver.answer(200);
    }
    const listed = (await t.get<{ id: number; disabled_at: string | null }[]>("/webhook-list", { token: p.token })).body
      .data;
    expect(listed[0]!.disabled_at).not.toBeNull();
    const feed = (await t.get<NotificationList>("/notification-list", { token: p.token })).body.data.notificationData;
    const off = feed.filter((n) => n.kind === "webhook_disabled");
    expect(off).toHaveLength(1);
    expect(off[0]!.text).toContain(receiver.url(path));
    // Nothing more is sent to it: a new card makes no delivery. (Counted at its own path: the
    // receiver is shared, and an earlier test's retry may come due during this settle.)
    const sentHere = () => receiver.received.filter((r) => r.path === path).length;
    const before = sentHere();
    await f.join(p.qr.qr_token);
    await t.settle();
    expect(sentHere()).toBe(before);
    expect((await deliveries(p.token, endpoint.id)).items[0]).toMatchObject({ status: "failed" });
    // A test event that goes through turns it back on.
    await t.post("/webhook-test", { id: endpoint.id }, { token: p.token });
    await t.settle();
    const again = (
      await t.get<{ disabled_at: string | null; failing_since: string | null }[]>("/webhook-list", { token: p.token })
    ).body.data;
    expect(again[0]).toMatchObject({ disabled_at: null, failing_since: null });
  });

  it("a fan-out run twice for one event makes one delivery per endpoint", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["card.created"], path);
    const [owner] = await t.query<{ id: number }>(
      sql`select user_id as id from businesses where id = ${p.business.id}`,
    );
    const ownerId = owner!.id;
    const joined = await f.join(p.qr.qr_token);
    const before = receiver.received.filter((r) => r.path === path).length;
    const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
    const event = { type: "card.joined" as const, ownerId, businessId: p.business.id, cardId: card!.id };
    const job = { id: "00000000-0000-4000-8000-000000000024", queue: "event.webhooks", attempt: 1, lastAttempt: false };
    // The app's delivery queue (declared once): the fan-out writes its jobs.
    const queue: DeliveryQueue = {
      name: "webhook-deliver",
      enqueue: (tx, payload) => t.app.jobs.enqueue(tx, "webhook-deliver", payload),
    };
    await fanOut(t.app.db, queue, event, job);
    await fanOut(t.app.db, queue, event, { ...job, attempt: 2 });
    await t.settle();
    const rows = await t.query<{ n: number }>(
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    // The join's own delivery, and the one of the replayed event.
    expect(Number(rows[0]!.n)).toBe(2);
    expect(receiver.received.filter((r) => r.path === path).length - before).toBe(2);
  });
});

describe("access and addresses", () => {
  it("another owner's endpoint and delivery are 404, and bad input is 422", async () => {
    const p = await f.programme();
    const endpoint = await addEndpoint(p.token, ["card.created"], newPath());
    await f.join(p.qr.qr_token);
    await t.settle();
    const [d] = (await deliveries(p.token, endpoint.id)).items;
    const other = await f.owner();
    expectError(await t.post("/webhook-delete", { id: endpoint.id }, { token: other }), 404);
    expectError(await t.post("/webhook-rotate-secret", { id: endpoint.id }, { token: other }), 404);
    expectError(await t.post("/webhook-test", { id: endpoint.id }, { token: other }), 404);
    expectError(await t.post("/webhook-redeliver", { id: d!.id }, { token: other }), 404);
    expectError(await t.get("/webhook-deliveries", { token: other, query: { endpoint_id: String(endpoint.id) } }), 404);
    expect((await t.get<unknown[]>("/webhook-list", { token: other })).body.data).toEqual([]);
    expectInvalid(
      await t.post("/webhook-add", { url: "ftp://example.com/x", events: ["card.created"] }, { token: p.token }),
      ["url"],
    );
    expectInvalid(await t.post("/webhook-add", { url: "https://example.com/x", events: [] }, { token: p.token }), [
      "events",
    ]);
    expectInvalid(
      await t.post("/webhook-add", { url: "https://example.com/x", events: ["card.stolen"] }, { token: p.token }),
      ["events.0"],
    );
  });

  it("rotating the secret signs with the new one only", async () => {
    const p = await f.programme();
    const path = newPath();
    const endpoint = await addEndpoint(p.token, ["card.created"], path);
    const rotated = await t.post<WebhookWithSecret>("/webhook-rotate-secret", { id: endpoint.id }, { token: p.token });
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    await f.join(p.qr.qr_token);
    await t.settle();
    expect(verified(path, rotated.body.data.secret)).toHaveLength(1);
    expect(() => verified(path, endpoint.secret)).toThrow();
    expect((await t.post("/webhook-delete", { id: endpoint.id }, { token: p.token })).statusCode).toBe(200);
    expect((await t.get<unknown[]>("/webhook-list", { token: p.token })).body.data).toEqual([]);
  });

  it("with WEBHOOKS_ALLOW_PRIVATE still refuses every address but loopback (link-local, private, metadata, mapped)", async () => {
    const token = await f.owner();
    for (const url of [
      "http://169.254.169.254/latest/meta-data",
      "http://169.254.1.1/x",
      "http://10.1.2.3/x",
      "http://192.168.1.1/x",
      "http://[fe80::1]/x",
      "http://[fd00:ec2::254]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[::ffff:0:127.0.0.1]/x",
      "http://[::ffff:7f00:1]/x",
      "http://[64:ff9b::a9fe:a9fe]/x",
      "http://[64:ff9b:1::a9fe:a9fe]/x",
      "http://[2001::1]/x",
    ]) {
      const res = await t.post("/webhook-add", { url, events: ["card.created"] }, { token });
      expectInvalid(res, ["url"]);
    }
    expect((await t.get<unknown[]>("/webhook-list", { token })).body.data).toEqual([]);
  });

  it("refuses private addresses (422) without WEBHOOKS_ALLOW_PRIVATE, and never sends to one", async () => {
    const strict = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: "false" }, { database: t.database });
    try {
      const token = await f.owner();
      for (const url of [
        receiver.url(),
        "http://localhost:8080/x",
        "http://10.1.2.3/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/x",
        "http://[::ffff:127.0.0.1]/x",
        "http://[fd00:ec2::254]/x",
        "http://100.64.0.1/x",
      ]) {
        const res = await strict.post("/webhook-add", { url, events: ["card.created"] }, { token });
        expectInvalid(res, ["url"]);
      }
      expect((await strict.get<unknown[]>("/webhook-list", { token })).body.data).toEqual([]);
      // An endpoint saved while allowed is checked again on each send: the strict server refuses it.
      const p = await f.programme();
      const path = newPath();
      const endpoint = await addEndpoint(p.token, ["card.created"], path);
      await f.join(p.qr.qr_token);
      await strict.settle();
      expect(receiver.received.filter((r) => r.path === path)).toHaveLength(0);
      const [d] = (await deliveries(p.token, endpoint.id)).items;
      expect(d).toMatchObject({ status: "pending", attempts: 1, status_code: null });
      expect(d!.error).toContain("private or reserved address (127.0.0.1)");
    } finally {
      await strict.close();
    }
  });
});

describe("vouchers", () => {
  it("tells voucher.issued and voucher.redeemed once each, with the voucher and never its code", async () => {
    const { token, business, qr } = await f.programme();
    const endpoint = await addEndpoint(token, ["voucher.issued", "voucher.redeemed"], "/vouchers");
    const offer = await t.post<{ id: number }>(
      "/offer-add",
      { business_id: business.id, title: "Free pastry", kind: "free_item", trigger: "join", valid_days: 7 },
      { token },
    );
    expect(offer.statusCode).toBe(201);
    const joined = await f.join(qr.qr_token);
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    const code = card.body.data!.vouchers![0]!.code;
    expect((await t.post("/voucher-redeem", { code }, { token })).statusCode).toBe(200);
    await t.settle();
    const events = verified("/vouchers", endpoint.secret);
    expect(events.map((e) => e.type)).toEqual(["voucher.issued", "voucher.redeemed"]);
    expect(events[1]!.data).toMatchObject({
      card: { serial: joined.card.serial },
      voucher: { offer_id: offer.body.data.id, title: "Free pastry", redeemed_at: expect.any(String) },
    });
    for (const e of events) expect(e.raw.body).not.toContain(code);
  });
});
