import { sql } from "drizzle-orm";
import type { CustomerDetail, CustomerList, SegmentCount } from "../../../contract/customers";
import type { SentMessage } from "../../../contract/notifications";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The customer directory and segments: search, filters, keyset pages, staff scope,
// isolation between owners, and messages that reach exactly a segment's cards.
jest.setTimeout(120_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const list = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.get<CustomerList>("/customer-list", { token, query });
  if (res.statusCode !== 200) throw new Error(`customer-list: ${res.statusCode} ${res.text}`);
  return res.body.data;
};

/** Moves a card's visits and join into the past (days ago), as time passing would. */
const age = (serial: string, visitDaysAgo: number, joinDaysAgo = visitDaysAgo) =>
  t.query(sql`update cards set last_visit_at = now() - make_interval(days => ${visitDaysAgo}),
    created_at = now() - make_interval(days => ${joinDaysAgo}) where serial = ${serial}`);

describe("customer-list", () => {
  it("lists the owner's card holders by last visit, with their figures and flags, page by page", async () => {
    const p = await f.programme({ stamps_required: 3 });
    const ann = await f.join(p.qr.qr_token, { name: "Ann Archer", phone: "+44 20 7946 0011" });
    const ben = await f.join(p.qr.qr_token, { name: "Ben Baker" });
    const cat = await f.join(p.qr.qr_token, { name: "Cat Cole" });
    await age(ann.card.serial, 40, 50);
    await age(cat.card.serial, 5, 6);
    // Ben is stamped at the counter: his visit is now, and he is one stamp from the reward.
    expect((await f.staffScan(p.token, ben.card.serial)).statusCode).toBe(200);

    const page = await list(p.token);
    expect(page.items.map((c) => c.name)).toEqual(["Ben Baker", "Cat Cole", "Ann Archer"]);
    expect(page.next_cursor).toBeNull();
    const [benRow, , annRow] = page.items;
    expect(benRow).toMatchObject({
      serial: ben.card.serial,
      email: ben.email,
      business_id: p.business.id,
      business_name: p.business.business_name,
      stamps: 2,
      stamps_required: 3,
      rewards_redeemed: 0,
      flags: ["near_reward"],
    });
    expect(Date.parse(benRow!.last_visit_at)).toBeGreaterThan(Date.parse(benRow!.first_visit_at) - 1);
    expect(annRow).toMatchObject({ phone: "+44 20 7946 0011", flags: ["inactive"] });
    expect(Date.now() - Date.parse(annRow!.first_visit_at)).toBeGreaterThan(49 * 86_400_000);

    // Keyset pages of one: every card once, in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: CustomerList = await list(p.token, { limit: "1", ...(cursor ? { cursor } : {}) });
      seen.push(...next.items.map((c) => c.name));
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["Ben Baker", "Cat Cole", "Ann Archer"]);

    // Filters: last visit between two days, reward ready, business.
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(p.token, { last_visit_from: today })).items.map((c) => c.name)).toEqual(["Ben Baker"]);
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(p.token, { last_visit_to: longAgo })).items.map((c) => c.name)).toEqual(["Ann Archer"]);
    expect((await list(p.token, { reward_ready: "true" })).items).toEqual([]);
    await f.staffScan(p.token, ben.card.serial); // 3 of 3: ready
    expect((await list(p.token, { reward_ready: "true" })).items.map((c) => c.name)).toEqual(["Ben Baker"]);
    expect((await list(p.token, { reward_ready: "false" })).items).toHaveLength(2);
    const other = await f.addBusiness(p.token, { business_name: "Second Shop" });
    expect((await list(p.token, { business_id: String(other.id) })).items).toEqual([]);
  });

  it("refuses bad input with 422 and never answers more than the maximum page", async () => {
    const token = await f.owner();
    expectInvalid(await t.get("/customer-list", { token, query: { limit: "101" } }), ["limit"]);
    expectInvalid(await t.get("/customer-list", { token, query: { limit: "0" } }), ["limit"]);
    expectInvalid(await t.get("/customer-list", { token, query: { cursor: "bm90LWEtY3Vyc29y" } }), ["cursor"]);
    expectInvalid(await t.get("/customer-list", { token, query: { cursor: "%%%" } }), ["cursor"]);
    expectInvalid(await t.get("/customer-list", { token, query: { segment: "vip" } }), ["segment"]);
    expectInvalid(await t.get("/customer-list", { token, query: { segment: "inactive" } }), ["days"]);
    expectInvalid(await t.get("/customer-list", { token, query: { segment: "all", days: "3" } }), ["days"]);
    expectInvalid(await t.get("/customer-list", { token, query: { q: "x".repeat(101) } }), ["q"]);
    expectInvalid(
      await t.get("/customer-list", { token, query: { last_visit_from: "2026-02-01", last_visit_to: "2026-01-01" } }),
      ["last_visit_to"],
    );
    expectInvalid(await t.get("/customer-detail", { token, query: { serial: "nope" } }), ["serial"]);
    expectError(await t.get("/customer-list"), 401);
    // Wildcards are text: a search for "%" or "_" finds nobody here, and fails nowhere.
    expect((await list(token, { q: "%" })).items).toEqual([]);
    expect((await list(token, { q: "_\\" })).items).toEqual([]);
  });

  it("finds a customer among 10,000 by part of the email, name or phone, in any case", async () => {
    const p = await f.programme();
    const target = await f.join(p.qr.qr_token, {
      name: "Zelda Quintessa",
      email: "zelda.quintessa-7731@mailbox.example.org",
      phone: "+1 (415) 555-0199",
    });
    // 9,999 more customers with cards, written directly (joining through the API would take minutes).
    const [{ owner }] = (await t.query<{ owner: number }>(
      sql`select user_id as owner from businesses where id = ${p.business.id}`,
    )) as [{ owner: number }];
    await t.query(sql`
      with made as (
        insert into customers (user_id, name, email, phone)
        select ${owner}, 'Customer ' || n, 'customer' || n || '@example.com', '+1 555 ' || lpad(n::text, 4, '0')
        from generate_series(1, 9999) n
        returning id, name
      )
      insert into cards (user_id, business_id, customer_id, serial, stamps, lifetime_stamps)
      select ${owner}, ${p.business.id}, id,
        'LC-' || substr(md5(id::text), 1, 4) || '-' || substr(md5(id::text), 5, 4) || '-' || substr(md5(id::text), 9, 4), 1, 1
      from made`);
    const [count] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from cards where business_id = ${p.business.id}`,
    );
    expect(count!.n).toBe(10_000);

    for (const q of ["quintessa-77", "ZELDA.Q", "mailbox.example", "zelda", "essa", "4155550199", "(415) 555"]) {
      const found = await list(p.token, { q });
      expect({ q, serials: found.items.map((c) => c.serial) }).toEqual({ q, serials: [target.card.serial] });
    }
    expect((await list(p.token, { q: "customer123@" })).items.map((c) => c.email)).toEqual(["customer123@example.com"]);
    expect((await list(p.token, { q: "customer12", limit: "100" })).items).toHaveLength(100);
  });
});

describe("who sees what", () => {
  it("staff read their owner's directory only, read-only; another owner gets 404", async () => {
    const a = await f.programme();
    const joined = await f.join(a.qr.qr_token, { name: "Dora Dean" });
    const staff = await f.staffOf(a.token, `cust-staff-${Date.now()}@example.com`);
    expect((await list(staff.token)).items.map((c) => c.serial)).toEqual([joined.card.serial]);
    const detail = await t.get<CustomerDetail>("/customer-detail", {
      token: staff.token,
      query: { serial: joined.card.serial },
    });
    expect(detail.body.data).toMatchObject({ name: "Dora Dean", serial: joined.card.serial });
    const serial = { serial: joined.card.serial };
    expectError(await t.get("/customer-export", { token: staff.token, query: serial }), 403);
    expectError(await t.post("/customer-delete", serial, { token: staff.token }), 403);
    expectError(await t.get("/segment-count", { token: staff.token }), 403);

    const b = await f.programme();
    expect((await list(b.token)).items).toEqual([]);
    expectError(await t.get("/customer-detail", { token: b.token, query: serial }), 404);
    expectError(await t.get("/customer-export", { token: b.token, query: serial }), 404);
    expectError(await t.post("/customer-delete", serial, { token: b.token }), 404);
    const otherStaff = await f.staffOf(b.token, `cust-staff-b-${Date.now()}@example.com`);
    expectError(await t.get("/customer-detail", { token: otherStaff.token, query: serial }), 404);
    // B's search over all its customers finds nothing of A's.
    expect((await list(b.token, { q: "dora" })).items).toEqual([]);
    // A's card is untouched.
    const [card] = await t.query(sql`select 1 from cards where serial = ${joined.card.serial}`);
    expect(card).toBeDefined();
  });

  it("customer-detail shows the card's history and the messages it received", async () => {
    const p = await f.programme({ stamps_required: 2 });
    const earlier = await t.post(
      "/notification-add",
      { business_id: p.business.id, title: "Before you", message: "Sent before the card joined." },
      { token: p.token },
    );
    expect(earlier.statusCode).toBe(201);
    await t.query(sql`update business_messages set created_at = now() - interval '1 day'`);
    const joined = await f.join(p.qr.qr_token, { name: "Eve Evans" });
    await f.staffScan(p.token, joined.card.serial); // stamp → 2 of 2
    await f.staffScan(p.token, joined.card.serial); // redeem → 0
    await t.post(
      "/notification-add",
      { business_id: p.business.id, title: "Hello", message: "Thanks for visiting." },
      { token: p.token },
    );
    const res = await t.get<CustomerDetail>("/customer-detail", {
      token: p.token,
      query: { serial: joined.card.serial.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Eve Evans",
      stamps: 0,
      rewards_redeemed: 1,
      lifetime_stamps: 2,
      reward_title: "Free coffee",
      history: [
        { kind: "redeem", stamps_after: 0, balance_after_text: "0 stamps", staff_name: "Direct User" },
        { kind: "stamp", stamps_after: 2, balance_after_text: "2 stamps", staff_name: "Direct User" },
        { kind: "join", stamps_after: 1, balance_after_text: "1 stamp", staff_name: null },
      ],
      messages: [{ title: "Hello", message: "Thanks for visiting.", segment: "all" }],
    });
  });
});

describe("segments", () => {
  it("a segment's count is exactly the cards its message reaches, and no other card sees it", async () => {
    const p = await f.programme({ stamps_required: 3 });
    const month = new Date().toISOString().slice(5, 7);
    const otherMonth = month === "01" ? "02" : "01";
    const people = {
      lapsed: await f.join(p.qr.qr_token, { name: "Lapsed", birthday: `1990-${otherMonth}-10` }),
      fresh: await f.join(p.qr.qr_token, { name: "Fresh", birthday: `1985-${month}-01` }),
      near: await f.join(p.qr.qr_token, { name: "Near" }),
      ready: await f.join(p.qr.qr_token, { name: "Ready" }),
      older: await f.join(p.qr.qr_token, { name: "Older" }),
    };
    await age(people.lapsed.card.serial, 45, 100);
    await age(people.older.card.serial, 10, 20);
    await f.staffScan(p.token, people.near.card.serial); // 2 of 3
    await f.staffScan(p.token, people.ready.card.serial);
    await f.staffScan(p.token, people.ready.card.serial); // 3 of 3
    // Another owner's cards in the same states are never counted nor reached.
    const other = await f.programme({ stamps_required: 3 });
    const stranger = await f.join(other.qr.qr_token, { birthday: `1985-${month}-01` });
    await f.staffScan(other.token, stranger.card.serial);

    const expected: [Record<string, string>, string[]][] = [
      [{ segment: "all" }, ["lapsed", "fresh", "near", "ready", "older"]],
      [{ segment: "inactive", days: "30" }, ["lapsed"]],
      [{ segment: "inactive", days: "7" }, ["lapsed", "older"]],
      [{ segment: "new", days: "14" }, ["fresh", "near", "ready"]],
      [{ segment: "reward_ready" }, ["ready"]],
      [{ segment: "near_reward" }, ["near"]],
      [{ segment: "birthday_this_month" }, ["fresh"]],
    ];
    for (const [query, names] of expected) {
      const serials = names.map((n) => people[n as keyof typeof people].card.serial).sort();
      const counted = await t.get<SegmentCount>("/segment-count", {
        token: p.token,
        query: { ...query, business_id: String(p.business.id) },
      });
      expect({ query, count: counted.body.data.count }).toEqual({ query, count: serials.length });
      const listed = await list(p.token, query);
      expect(listed.items.map((c) => c.serial).sort()).toEqual(serials);
      if (query.segment === "all") continue;

      const sent = await t.post<SentMessage>(
        "/notification-add",
        { business_id: p.business.id, title: `To ${query.segment}`, message: "Just for you.", ...query },
        { token: p.token },
      );
      expect(sent.statusCode).toBe(201);
      expect(sent.body.data).toMatchObject({ segment: query.segment, recipients: serials.length });
      const reached = await t.query<{ serial: string }>(sql`
        select c.serial from message_recipients r join cards c on c.id = r.card_id
        where r.message_id = ${sent.body.data.id} order by c.serial`);
      expect(reached.map((r) => r.serial)).toEqual(serials);
      // On the cards: the message shows on exactly those.
      for (const [name, person] of Object.entries(people)) {
        const card = await t.get<WalletCard>("/wallet-card", {
          query: { qr_token: p.qr.qr_token },
          headers: f.cardHeaders([person.secret]),
        });
        const titles = (card.body.data.messages ?? []).map((m) => m.title);
        expect({ name, shown: titles.includes(`To ${query.segment}`) }).toEqual({
          name,
          shown: serials.includes(person.card.serial),
        });
      }
      await t.expireRateLimits("notification-add:");
    }
    const sentList = await t.get<{ items: SentMessage[] }>("/message-list", { token: p.token });
    expect(sentList.body.data.items[0]).toMatchObject({ segment: "birthday_this_month", recipients: 1 });
    expectInvalid(
      await t.post(
        "/notification-add",
        { business_id: p.business.id, title: "x", message: "y", segment: "new" },
        { token: p.token },
      ),
      ["days"],
    );
  });

  it("counts toward the reward a scan would: a retired programme's cards toward its successor", async () => {
    const p = await f.programme({ stamps_required: 5 });
    const joined = await f.join(p.qr.qr_token);
    await f.staffScan(p.token, joined.card.serial); // 2 of 5
    const ready = { token: p.token, query: { segment: "reward_ready", business_id: String(p.business.id) } };
    expect((await t.get<SegmentCount>("/segment-count", ready)).body.data.count).toBe(0);
    expect((await t.post("/remove-reward", { id: p.reward.id }, { token: p.token })).statusCode).toBe(200);
    await f.addReward(p.token, p.business.id, { title: "Small treat", stamps_required: 2 });
    expect((await t.get<SegmentCount>("/segment-count", ready)).body.data.count).toBe(1);
    const [row] = (await list(p.token)).items;
    expect(row).toMatchObject({ stamps: 2, stamps_required: 2, flags: ["reward_ready"] });
    const detail = await t.get<CustomerDetail>("/customer-detail", {
      token: p.token,
      query: { serial: joined.card.serial },
    });
    expect(detail.body.data.reward_title).toBe("Small treat");
    // The counter agrees: the next scan redeems the successor.
    expect((await f.staffScan(p.token, joined.card.serial)).body.data).toMatchObject({ action: "redeem" });
  });

  it("a message to everyone still reaches every card, also cards that join later", async () => {
    const p = await f.programme();
    const sent = await t.post<SentMessage>(
      "/notification-add",
      { business_id: p.business.id, title: "Everyone", message: "Hello all." },
      { token: p.token },
    );
    expect(sent.body.data).toMatchObject({ segment: "all", recipients: null });
    const later = await f.join(p.qr.qr_token);
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: p.qr.qr_token },
      headers: f.cardHeaders([later.secret]),
    });
    expect(card.body.data.messages?.map((m) => m.title)).toEqual(["Everyone"]);
  });
});

describe("visits and birthdays", () => {
  it("a self-scan and a staff scan move the last visit; the first visit stays the join", async () => {
    const p = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    const joined = await f.join(p.qr.qr_token);
    await age(joined.card.serial, 3, 3);
    expect((await f.selfScan(p.qr.qr_token, [joined.secret])).body.data.action).toBe("stamp");
    let [row] = await t.query<{ recent: boolean; old_join: boolean }>(sql`
      select last_visit_at > now() - interval '1 minute' as recent, created_at < now() - interval '2 days' as old_join
      from cards where serial = ${joined.card.serial}`);
    expect(row).toEqual({ recent: true, old_join: true });
    await age(joined.card.serial, 3, 3);
    await f.staffScan(p.token, joined.card.serial);
    [row] = await t.query(sql`
      select last_visit_at > now() - interval '1 minute' as recent, created_at < now() - interval '2 days' as old_join
      from cards where serial = ${joined.card.serial}`);
    expect(row).toEqual({ recent: true, old_join: true });
  });

  it("takes an optional phone and birthday at join, and a birthday later on the card page", async () => {
    const p = await f.programme();
    expectInvalid(
      await t.post("/wallet-join", {
        qr_token: p.qr.qr_token,
        name: "Bad Date",
        email: "bad-date@example.com",
        consent: true,
        birthday: "1990-02-30",
      }),
      ["birthday"],
    );
    expectInvalid(
      await t.post("/wallet-join", {
        qr_token: p.qr.qr_token,
        name: "Bad Phone",
        email: "bad-phone@example.com",
        consent: true,
        phone: "call me",
      }),
      ["phone"],
    );
    const joined = await f.join(p.qr.qr_token, { birthday: "", phone: "" });
    const headers = f.cardHeaders([joined.secret]);
    const card = () => t.get<WalletCard>("/wallet-card", { query: { qr_token: p.qr.qr_token }, headers });
    expect((await card()).body.data.birthday).toBeNull();
    const saved = await t.post("/wallet-birthday", { qr_token: p.qr.qr_token, birthday: "1992-07-04" }, { headers });
    expect(saved.statusCode).toBe(200);
    expect((await card()).body.data.birthday).toBe("1992-07-04");
    expectInvalid(await t.post("/wallet-birthday", { qr_token: p.qr.qr_token, birthday: "2999-01-01" }, { headers }), [
      "birthday",
    ]);
    expectError(await t.post("/wallet-birthday", { qr_token: p.qr.qr_token, birthday: "1992-07-04" }), 404);
    await t.post("/wallet-birthday", { qr_token: p.qr.qr_token, birthday: "" }, { headers });
    expect((await card()).body.data.birthday).toBeNull();
  });
});
