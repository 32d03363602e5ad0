import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import { createTestApp, type TestApp } from "../helpers/app";
import { controlBucket } from "../../src/modules/insights/control-group";
import { loyaltyFixtures } from "../helpers/loyalty";
import { v1Client } from "../helpers/v1-client";

// The public API under /api/v1, called through the client generated from its
// own OpenAPI document.

jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const ALL = ["cards:read", "cards:write", "customers:read", "messages:write"];

async function keyFor(token: string, scopes = ALL) {
  const res = await t.post<NewApiKey>("/api/api-key-add", { name: "Integration", scopes }, { token });
  if (res.statusCode !== 201) throw new Error(`api-key-add: ${res.statusCode} ${res.text}`);
  return res.body.data;
}

/** An owner with a stamp programme (2 stamps for the reward) and a key with every scope. */
async function world() {
  const { token, business } = await f.programme({ stamps_required: 2, cooldown_minutes: 0 });
  const key = await keyFor(token);
  return { token, business, key, api: v1Client(t.app, key.key) };
}

const enrolBody = (businessId: number, email = `api-${Math.random().toString(36).slice(2)}@example.com`) => ({
  business_id: businessId,
  name: "Ada Api",
  email,
  phone: "+44 20 7946 0000",
});

const rows = async (table: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe("cards", () => {
  it("enrols once per email and business: 201 then 200 with the same card, the key in its history", async () => {
    const { business, key, api } = await world();
    const body = enrolBody(business.id);
    const first = await api.POST("/cards", { body });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({
      serial: expect.stringMatching(/^LC-/),
      business_id: business.id,
      customer: { name: "Ada Api", email: body.email, phone: body.phone },
      programme: "stamps",
      balance: 0,
      url: expect.stringContaining("/add-to-wallet?qr_token="),
    });
    const again = await api.POST("/cards", { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.response.status).toBe(200);
    expect(again.data!.serial).toBe(first.data!.serial);
    const history = await t.query<{ kind: string; api_key_id: number }>(sql`
      select e.kind, e.api_key_id from card_events e join cards c on c.id = e.card_id where c.serial = ${first.data!.serial}`);
    expect(history).toEqual([{ kind: "join", api_key_id: key.id }]);
  });

  it("makes one card of concurrent enrolments of one email (one 201, the others 200 with it)", async () => {
    const { business, api } = await world();
    const body = enrolBody(business.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => api.POST("/cards", { body })));
    expect(answers.map((res) => res.response.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.data!.serial)).size).toBe(1);
    const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from cards c
      join customers u on u.id = c.customer_id where u.email = ${body.email}`);
    expect(row!.n).toBe(1);
  });

  it("looks a phone up by at least 6 digits: fewer (or none, as in (-----)) is a 422 problem", async () => {
    const { business, api } = await world();
    const card = (await api.POST("/cards", { body: { ...enrolBody(business.id), phone: undefined } })).data!;
    expect(card.customer.phone).toBeNull();
    for (const phone of ["(-----)", "------", "( ) - -", "12345", "+1 (234) 5", "+".repeat(7)]) {
      const res = await api.GET("/cards", { params: { query: { phone } } });
      expect([phone, res.response.status]).toEqual([phone, 422]);
      expect(res.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.error).toMatchObject({ errors: { phone: [expect.any(String)] } });
    }
    // Enrolling with such a phone is refused too, and writes nothing.
    const before = await rows("customers");
    const enrol = await api.POST("/cards", { body: { ...enrolBody(business.id), phone: "(-----)" } });
    expect(enrol.response.status).toBe(422);
    expect(await rows("customers")).toBe(before);
    // Six digits with separators are a phone.
    const six = await api.GET("/cards", { params: { query: { phone: "(12) 34-56" } } });
    expect(six.response.status).toBe(200);
    expect(six.data).toEqual({ data: [] });
  });

  it("reads a card by serial, email or phone; another owner's card is a 404 problem", async () => {
    const { business, api } = await world();
    const other = await world();
    const body = enrolBody(business.id);
    const card = (await api.POST("/cards", { body })).data!;
    expect((await api.GET("/cards/{serial}", { params: { path: { serial: card.serial } } })).data).toEqual(card);
    expect((await api.GET("/cards", { params: { query: { email: body.email } } })).data).toEqual({ data: [card] });
    expect((await api.GET("/cards", { params: { query: { phone: "+442079460000" } } })).data!.data).toContainEqual(
      card,
    );
    const theirs = await other.api.GET("/cards/{serial}", { params: { path: { serial: card.serial } } });
    expect(theirs.response.status).toBe(404);
    expect(theirs.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(theirs.error).toMatchObject({ type: "about:blank", title: "Not Found", status: 404 });
    expect((await other.api.GET("/cards", { params: { query: { email: body.email } } })).data).toEqual({ data: [] });
    expect((await other.api.POST("/cards", { body: enrolBody(business.id) })).response.status).toBe(404);
  });

  it("redeems a ready stamp reward with {} through the engine, the key as actor; not ready is a 422", async () => {
    const { business, key, api } = await world();
    const card = (await api.POST("/cards", { body: enrolBody(business.id) })).data!;
    const path = { serial: card.serial };
    const early = await api.POST("/cards/{serial}/redeem", { params: { path }, body: {} });
    expect(early.response.status).toBe(422);
    expect(early.error).toMatchObject({ code: "reward_not_ready" });
    await t.query(sql`update cards set stamps = 2, lifetime_stamps = 2 where serial = ${card.serial}`);
    const done = await api.POST("/cards/{serial}/redeem", { params: { path }, body: {} });
    expect(done.response.status).toBe(200);
    expect(done.data).toMatchObject({ serial: card.serial, balance: 0 });
    const [event] = await t.query<{ delta: number; api_key_id: number }>(sql`
      select e.delta, e.api_key_id from card_events e join cards c on c.id = e.card_id
      where c.serial = ${card.serial} and e.kind = 'redeem'`);
    expect(event).toEqual({ delta: -2, api_key_id: key.id });
  });

  it("refuses a stamp card redeemed with an amount or an option as card-redeem does, and writes nothing", async () => {
    const { token, business, api } = await world();
    const card = (await api.POST("/cards", { body: enrolBody(business.id) })).data!;
    await t.query(sql`update cards set stamps = 2, lifetime_stamps = 2 where serial = ${card.serial}`);
    const events = await rows("card_events");
    const path = { serial: card.serial };
    const viaApi = await api.POST("/cards/{serial}/redeem", { params: { path }, body: { amount: "1.00" } });
    const viaDashboard = await t.post("/api/card-redeem", { serial: card.serial, amount: "1.00" }, { token });
    expect(viaApi.response.status).toBe(422);
    expect(viaDashboard.statusCode).toBe(422);
    expect(viaApi.error).toMatchObject({ code: "scan_stamp_card", detail: viaDashboard.body.message });
    expect(await rows("card_events")).toBe(events);
  });
});

describe("earn", () => {
  it("earns once per order through the engine, the key in the history; a retried order earns nothing more", async () => {
    const { business, key, api } = await world();
    const card = (await api.POST("/cards", { body: enrolBody(business.id) })).data!;
    const path = { serial: card.serial };
    const first = await api.POST("/cards/{serial}/earn", { params: { path }, body: { order_id: "A-1", stamps: 1 } });
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({
      order_id: "A-1",
      earned: 1,
      unit: "stamps",
      duplicate: false,
      card: { balance: 1 },
    });
    const retry = await api.POST("/cards/{serial}/earn", { params: { path }, body: { order_id: "A-1", stamps: 1 } });
    expect(retry.data).toMatchObject({ duplicate: true, card: { balance: 1 } });
    const history = await t.query<{ kind: string; delta: number; api_key_id: number }>(sql`
      select e.kind, e.delta, e.api_key_id from card_events e join cards c on c.id = e.card_id
      where c.serial = ${card.serial} order by e.id`);
    expect(history).toEqual([
      { kind: "join", delta: 0, api_key_id: key.id },
      { kind: "stamp", delta: 1, api_key_id: key.id },
    ]);
  });

  it("refuses an amount of 0, both amount and stamps, and no order id (422), earning nothing", async () => {
    const { business, api } = await world();
    const card = (await api.POST("/cards", { body: enrolBody(business.id) })).data!;
    const path = { serial: card.serial };
    for (const body of [
      { order_id: "B-1", amount: "0" },
      { order_id: "B-1", amount: "-5" },
      { order_id: "B-1", amount: "5", stamps: 1 },
      { amount: "5" },
    ]) {
      const res = await api.POST("/cards/{serial}/earn", { params: { path }, body: body as never });
      expect([JSON.stringify(body), res.response.status]).toEqual([JSON.stringify(body), 422]);
    }
    const unknown = await api.POST("/cards/{serial}/earn", {
      params: { path: { serial: "LC-0000-0000-0000" } },
      body: { order_id: "B-2", stamps: 1 },
    });
    expect(unknown.response.status).toBe(404);
    expect((await api.GET("/cards/{serial}", { params: { path } })).data!.balance).toBe(0);
  });
});

describe("lists and messages", () => {
  it("pages customers and card events with cursors, the owner's only", async () => {
    const { business, api } = await world();
    const other = await world();
    await other.api.POST("/cards", { body: enrolBody(other.business.id) });
    for (let i = 0; i < 3; i++) await api.POST("/cards", { body: enrolBody(business.id) });
    const first = await api.GET("/customers", { params: { query: { limit: 2 } } });
    expect(first.data!.data).toHaveLength(2);
    const second = await api.GET("/customers", { params: { query: { limit: 2, cursor: first.data!.next_cursor! } } });
    expect(second.data!.data).toHaveLength(1);
    expect(second.data!.next_cursor).toBeNull();
    const ids = [...first.data!.data, ...second.data!.data].map((c) => c.id);
    expect(new Set(ids).size).toBe(3);
    const events = await api.GET("/events", { params: { query: { limit: 100 } } });
    expect(events.data!.data.map((e) => e.kind)).toEqual(["join", "join", "join"]);
    const bad = await api.GET("/events", { params: { query: { cursor: "nonsense" } } });
    expect(bad.response.status).toBe(422);
  });

  it("refuses a cursor past the largest id (422 problem), on both lists", async () => {
    const { api } = await world();
    const cursorOf = (id: string) => Buffer.from(`v1:${id}`).toString("base64url");
    for (const id of ["2147483648", "9999999999", "0"]) {
      for (const path of ["/customers", "/events"] as const) {
        const res = await api.GET(path, { params: { query: { cursor: cursorOf(id) } } });
        expect([path, id, res.response.status]).toEqual([path, id, 422]);
        expect(res.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.error).toMatchObject({ errors: { cursor: [expect.any(String)] } });
      }
    }
    // The largest id itself is a cursor after which nothing comes.
    const last = await api.GET("/customers", { params: { query: { cursor: cursorOf("2147483647") } } });
    expect(last.response.status).toBe(200);
    expect(last.data).toEqual({ data: [], next_cursor: null });
  });

  it("sends a message to all card holders or a segment, as notification-add does", async () => {
    const { business, api } = await world();
    await api.POST("/cards", { body: enrolBody(business.id) });
    const before = await rows("business_messages");
    const all = await api.POST("/messages", {
      body: { business_id: business.id, title: "Hello", message: "Open late." },
    });
    expect(all.response.status).toBe(201);
    expect(all.data).toMatchObject({ business_id: business.id, segment: "all", recipients: null });
    const segment = await api.POST("/messages", {
      body: { business_id: business.id, title: "New here", message: "Welcome.", segment: "new", days: 7 },
    });
    expect(segment.data).toMatchObject({ segment: "new", recipients: 1 });
    expect(await rows("business_messages")).toBe(before + 2);
  });
});

describe("messages on the channels asked for", () => {
  /** A serial whose control-group bucket is `inside` (below 1) or not (50 and above). */
  const serialIn = (inside: boolean) => {
    for (let i = 0; ; i++) {
      const serial = `LC-CTRL-${Math.random().toString(36).slice(2)}-${i}`;
      if (inside ? controlBucket(serial) < 1 : controlBucket(serial) >= 50) return serial;
    }
  };

  /**
   * A programme with a key, a card that agreed to email, one that did not, and one that agreed
   * but is in the control group (1 %: the serials are picked so that only it is in).
   */
  async function audience() {
    const p = await f.programme();
    const key = await keyFor(p.token);
    const consenting = await f.join(p.qr.qr_token, { consent_email: true });
    const silent = await f.join(p.qr.qr_token);
    const held = await f.join(p.qr.qr_token, { consent_email: true });
    const ids: Record<string, number> = {};
    for (const [name, joined, inside] of [
      ["consenting", consenting, false],
      ["silent", silent, false],
      ["held", held, true],
    ] as const) {
      const [row] = await t.query<{ id: number }>(
        sql`update cards set serial = ${serialIn(inside)} where serial = ${joined.card.serial} returning id`,
      );
      ids[name] = row!.id;
    }
    await t.query(sql`update businesses set control_group_percent = 1 where id = ${p.business.id}`);
    // The your-card mails of the joins are out of the way.
    await t.settle();
    return { ...p, api: v1Client(t.app, key.key), consenting, silent, held, ids };
  }

  const sendsOf = async (messageId: number) => {
    await t.settle();
    return t.query<{ card_id: number; channel: string; status: string; reason: string | null }>(
      sql`select card_id, channel, status, reason from channel_sends where purpose = ${`message:${messageId}`} order by card_id, channel`,
    );
  };
  const mailsAbout = async (email: string, subject: string) =>
    (await t.mailsTo(email)).filter((mail) => mail.subject === subject);

  it("takes channels: email reaches the consenting card once, skips the others, never the control group", async () => {
    const a = await audience();
    const res = await a.api.POST("/messages", {
      body: { business_id: a.business.id, title: "Api news", message: "Open late.", channels: ["email"] },
    });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ segment: "all", recipients: null, channels: ["email"] });
    expect(await sendsOf(res.data!.id)).toEqual([
      { card_id: a.ids.consenting, channel: "email", status: "sent", reason: null },
      { card_id: a.ids.silent, channel: "email", status: "skipped", reason: "no_consent" },
    ]);
    await t.settle();
    expect(await mailsAbout(a.consenting.email, "Api news")).toHaveLength(1);
    expect(await mailsAbout(a.held.email, "Api news")).toHaveLength(0);
    expect(await mailsAbout(a.silent.email, "Api news")).toHaveLength(0);
  });

  it("defaults to the pass and push, as notification-add does, and sends no mail", async () => {
    const a = await audience();
    const res = await a.api.POST("/messages", {
      body: { business_id: a.business.id, title: "Api default", message: "Hello." },
    });
    expect(res.response.status).toBe(201);
    expect(res.data!.channels).toEqual(["pass", "push"]);
    expect(await mailsAbout(a.consenting.email, "Api default")).toHaveLength(0);
  });

  it("keeps to the business's weekly cap across the dashboard and the API", async () => {
    const a = await audience();
    const capped = await t.post(
      "/reach-settings-save",
      { business_id: a.business.id, weekly_cap: 1 },
      { token: a.token },
    );
    expect(capped.statusCode).toBe(200);
    const first = await t.post(
      "/notification-add",
      { business_id: a.business.id, title: "Dashboard one", message: "First.", channels: ["email"] },
      { token: a.token },
    );
    expect(first.statusCode).toBe(201);
    await t.settle();
    const second = await a.api.POST("/messages", {
      body: { business_id: a.business.id, title: "Api two", message: "Second.", channels: ["email"] },
    });
    expect(second.response.status).toBe(201);
    expect(await sendsOf(second.data!.id)).toContainEqual({
      card_id: a.ids.consenting,
      channel: "email",
      status: "skipped",
      reason: "weekly_cap",
    });
    expect(await mailsAbout(a.consenting.email, "Api two")).toHaveLength(0);
  });

  it("sends a segment on its channels: only the segment's cards are decided about", async () => {
    const a = await audience();
    await t.query(sql`update cards set created_at = now() - interval '60 days' where id = ${a.ids.silent}`);
    const res = await a.api.POST("/messages", {
      body: {
        business_id: a.business.id,
        title: "Api new",
        message: "Welcome.",
        segment: "new",
        days: 7,
        channels: ["email", "pass"],
      },
    });
    expect(res.response.status).toBe(201);
    // The new cards outside the control group: the consenting one (the silent one is 60 days old).
    expect(res.data).toMatchObject({ segment: "new", recipients: 1, channels: ["email", "pass"] });
    // Its pass decided too (no wallet here answers: claimed).
    expect(await sendsOf(res.data!.id)).toEqual([
      { card_id: a.ids.consenting, channel: "email", status: "sent", reason: null },
      { card_id: a.ids.consenting, channel: "pass", status: "claimed", reason: null },
    ]);
  });

  it("refuses bad channels, SMS where it is not set up and a level segment without its level: 422, nothing written", async () => {
    const a = await audience();
    const before = await rows("business_messages");
    const base = { business_id: a.business.id, title: "Nope", message: "Nope." };
    for (const body of [
      { ...base, channels: [] },
      { ...base, channels: ["fax"] },
      { ...base, channels: ["email", "email"] },
      { ...base, channels: ["pass", "sms"] },
      { ...base, segment: "level" },
      { ...base, level: "Gold" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/messages",
        headers: { authorization: `Bearer ${(await keyFor(a.token)).key}` },
        payload: body,
      });
      expect([body, res.statusCode, res.headers["content-type"]]).toEqual([
        body,
        422,
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      const field = "channels" in body ? "channels" : "level";
      expect([body, Object.keys(res.json().errors ?? {}).some((key) => key.startsWith(field))]).toEqual([body, true]);
    }
    expect(await rows("business_messages")).toBe(before);
  });
});

describe("keys, scopes and plans", () => {
  it("refuses a missing key, a session token and a revoked key (401), a missing scope (403)", async () => {
    const { token, business, key } = await world();
    const narrow = await keyFor(token, ["cards:read"]);
    const readOnly = v1Client(t.app, narrow.key);
    const denied = await readOnly.POST("/cards", { body: enrolBody(business.id) });
    expect(denied.response.status).toBe(403);
    expect(denied.error).toMatchObject({ status: 403, detail: "This API key does not have the cards:write scope." });
    expect((await readOnly.GET("/customers", {})).response.status).toBe(403);
    expect(
      (await readOnly.POST("/messages", { body: { business_id: business.id, title: "a", message: "b" } })).response
        .status,
    ).toBe(403);
    expect((await v1Client(t.app, token).GET("/events", {})).response.status).toBe(401);
    const none = await t.app.inject({ method: "GET", url: "/api/v1/events" });
    expect([none.statusCode, none.headers["content-type"]]).toEqual([401, expect.stringMatching(/problem\+json/)]);
    const api = v1Client(t.app, key.key);
    expect((await api.GET("/events", {})).response.status).toBe(200);
    await t.post("/api/api-key-revoke", { id: key.id }, { token });
    expect((await api.GET("/events", {})).response.status).toBe(401);
  });

  it("needs the integrations feature: a key of an owner on Starter is refused", async () => {
    const owner = await t.createUser({ plan: "Starter" });
    const [row] = await t.query<{ id: number }>(sql`insert into api_keys (user_id, name, prefix, key_hash, scopes)
      values (${owner.id}, 'Old', 'lc_test_abcd', encode(sha256('lc_test_${sql.raw("x".repeat(43))}'::bytea), 'hex'), '{cards:read}')
      returning id`);
    expect(row).toBeDefined();
    const res = await v1Client(t.app, `lc_test_${"x".repeat(43)}`).GET("/events", {});
    expect(res.response.status).toBe(403);
  });

  it("refuses bad input with 422 problem+json and per-field errors, writing nothing", async () => {
    const { business, api } = await world();
    const before = [await rows("customers"), await rows("cards")];
    for (const body of [
      { business_id: business.id, name: "", email: "x@example.com" },
      { business_id: business.id, name: "A", email: "not-an-email" },
      { business_id: 0, name: "A", email: "a@example.com" },
      { business_id: business.id, name: "A", email: "a@example.com", extra: true },
    ]) {
      const res = await api.POST("/cards", { body: body as never });
      expect(res.response.status).toBe(422);
      expect(res.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.error).toMatchObject({ status: 422, errors: expect.any(Object) });
    }
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/v1/cards",
      headers: { authorization: `Bearer ${(await world()).key.key}`, "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(422);
    expect([await rows("customers"), await rows("cards")]).toEqual(before);
  });
});

it("answers hostile input on every endpoint with a 4xx problem, never a 5xx", async () => {
  const { key } = await world();
  const garbage = [
    '{"a":',
    "[]",
    '"x"',
    "null",
    '{"business_id":1e400}',
    '{"order_id":"\\u0000","stamps":1}',
    "x".repeat(5000),
  ];
  const paths = [
    "/api/v1/cards",
    "/api/v1/cards/LC-0000-0000-0000/earn",
    "/api/v1/cards/LC-0000-0000-0000/redeem",
    "/api/v1/messages",
  ];
  for (const url of paths) {
    for (const payload of garbage) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
        payload,
      });
      expect([url, payload.slice(0, 20), res.statusCode < 500]).toEqual([url, payload.slice(0, 20), true]);
      expect([url, payload.slice(0, 20), res.headers["content-type"]]).toEqual([
        url,
        payload.slice(0, 20),
        expect.stringMatching(/^application\/problem\+json/),
      ]);
    }
  }
  for (const query of [
    "?email=a&email=b",
    "?limit=abc",
    "?cursor=%00",
    "?phone=",
    "?email=x@example.com&phone=123456",
  ]) {
    for (const path of ["/api/v1/cards", "/api/v1/customers", "/api/v1/events"]) {
      const res = await t.app.inject({
        method: "GET",
        url: path + query,
        headers: { authorization: `Bearer ${key.key}` },
      });
      expect([path + query, res.statusCode < 500]).toEqual([path + query, true]);
    }
  }
});

describe("Idempotency-Key", () => {
  it("replays the same request's answer and refuses the key with another body", async () => {
    const { business, api } = await world();
    const body = enrolBody(business.id);
    const headers = { "Idempotency-Key": "enrol-1" };
    const first = await api.POST("/cards", { body, params: { header: headers } });
    const again = await api.POST("/cards", { body, params: { header: headers } });
    expect(first.response.status).toBe(201);
    // The replay is the first answer (201), not a new lookup's 200.
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    const other = await api.POST("/cards", { body: enrolBody(business.id), params: { header: headers } });
    expect(other.response.status).toBe(422);
    expect(other.error).toMatchObject({ errors: { "Idempotency-Key": [expect.any(String)] } });
  });
});

describe("documents", () => {
  it("serves its own OpenAPI 3.1 document, apart from the dashboard's", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/cards",
        "/cards/{serial}",
        "/cards/{serial}/earn",
        "/cards/{serial}/redeem",
        "/cards/{serial}/vouchers",
        "/customers",
        "/events",
        "/messages",
        "/vouchers/{code}/redeem",
      ].sort(),
    );
  });
});

it("limits each key's requests (429 with Retry-After)", async () => {
  const limited = await createTestApp({ RATE_LIMIT_FACTOR: "0.005" }, { database: t.app.database });
  try {
    const { key } = await world();
    const api = v1Client(limited.app, key.key);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.GET("/events", {})).response.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await api.GET("/events", {});
    expect(Number(res.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  } finally {
    await limited.close();
  }
});
