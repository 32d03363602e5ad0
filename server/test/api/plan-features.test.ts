import { eq, sql } from "drizzle-orm";
import { calls, type CallName } from "../../../contract/calls";
import { featureNotInPlan, NO_ACTIVE_PLAN, type PlanFeature } from "../../../contract/plan-features";
import type { AddStaffResult } from "../../../contract/staff";
import { payments, plans } from "../../src/db/schema";
import { SEED_PLANS } from "../../src/seed/plans";
import { inEnglish } from "../../src/i18n/sentence";
import { INVITE_NOT_IN_PLAN } from "../../src/modules/staff/invites";
import { createTestApp, expectError, uniqueEmail, type Res, type TestApp } from "../helpers/app";
import { ADDRESS_FIELDS, BUSINESS_FIELDS, multipart } from "../helpers/dashboard";
import { jobsOf } from "../helpers/jobs";
import { loyaltyFixtures } from "../helpers/loyalty";

// Attacker's findings: only adding businesses and addresses checked the plan; an owner
// who never paid could invite staff and add categories, a lapsed one kept adding rewards, QR codes
// and messages, and Starter got what the plan list sells as Growth features. Each call that needs a
// plan feature declares it in the contract (`feature`), and route() checks it.

jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

type Owner = { token: string; businessId: number; qrId: number; serial: string };
/** `count`: what the call adds to, when that is not a table's rows (a job). */
type Case = { table: string; send: (owner: Owner, n: number) => Promise<Res>; count?: () => Promise<number> };

/** A valid request per call that declares a feature, and the table it writes to. */
const cases: Record<string, Case> = {
  addBusiness: {
    table: "businesses",
    send: async ({ token }) =>
      t.post("/add-business", undefined, { token, ...(await multipart({ ...BUSINESS_FIELDS, business_name: "Two" })) }),
  },
  addAddress: {
    table: "addresses",
    send: ({ token, businessId }) => t.post("/add-address", { ...ADDRESS_FIELDS, business_id: businessId }, { token }),
  },
  addReward: {
    table: "rewards",
    send: ({ token, businessId }) =>
      t.post("/add-reward", { business_id: businessId, title: "Free tea", stamps_required: 4 }, { token }),
  },
  generateQr: {
    table: "qr_codes",
    send: ({ token, businessId }) => t.post("/generate-qr", { business_id: businessId, label: "Door" }, { token }),
  },
  addStaff: {
    table: "staff_invites",
    send: ({ token }, n) => t.post("/add-staff", { name: "Sam", email: `plan-staff-${n}@example.com` }, { token }),
  },
  posConnectionAdd: {
    table: "pos_connections",
    send: ({ token, businessId }) =>
      t.post("/pos-connection-add", { business_id: businessId, provider: "shopify", secret: "k" }, { token }),
  },
  promotionAdd: {
    table: "promotions",
    send: async ({ token, businessId }) => {
      const [reward] = await t.query<{ id: number }>(
        sql`select id from rewards where business_id = ${businessId} limit 1`,
      );
      return t.post(
        "/promotion-add",
        { reward_id: reward!.id, bonus: 1, weekdays: [2], start_time: "16:00", end_time: "18:00" },
        { token },
      );
    },
  },
  offerAdd: {
    table: "offers",
    send: ({ token, businessId }) =>
      t.post(
        "/offer-add",
        { business_id: businessId, title: "Free pastry", kind: "free_item", trigger: "join", valid_days: 7 },
        { token },
      ),
  },
  offerSend: {
    table: "vouchers",
    send: async ({ token, businessId }) => {
      const [offer] = await t.query<{ id: number }>(sql`
        insert into offers (user_id, business_id, title, kind, trigger, valid_days)
        select user_id, id, 'Treat', 'free_item', 'campaign', 7 from businesses where id = ${businessId}
        returning id`);
      const res = await t.post("/offer-send", { offer_id: offer!.id, segment: "all" }, { token });
      // The vouchers are issued by the send's jobs.
      await t.settle();
      return res;
    },
  },
  voucherIssue: {
    table: "vouchers",
    send: async ({ token, businessId, serial }) => {
      const [offer] = await t.query<{ id: number }>(sql`
        insert into offers (user_id, business_id, title, kind, trigger, valid_days)
        select user_id, id, 'Free tea', 'free_item', 'manual', 7 from businesses where id = ${businessId}
        returning id`);
      return t.post("/voucher-issue", { offer_id: offer!.id, serial }, { token });
    },
  },
  categoryRuleSave: {
    table: "category_rules",
    send: async ({ token, businessId }) => {
      const [reward] = await t.query<{ id: number }>(
        sql`update rewards set kind = 'points', stamps_required = 0, points_per_unit = 1
            where business_id = ${businessId} returning id`,
      );
      const [category] = await t.query<{ id: number }>(sql`
        insert into product_categories (user_id, name) select user_id, 'Pastries ' || id from rewards where id = ${reward!.id}
        returning id`);
      return t.post(
        "/category-rule-save",
        { product_category_id: category!.id, reward_id: reward!.id, multiplier: "2" },
        { token },
      );
    },
  },
  productCategoryAdd: {
    table: "product_categories",
    send: ({ token }) => t.post("/product-category-add", { name: "Drinks" }, { token }),
  },
  automationSave: {
    table: "automations",
    send: ({ token, businessId }) =>
      t.post(
        "/automation-save",
        {
          business_id: businessId,
          kind: "welcome",
          enabled: true,
          title: "Hi {name}",
          message: "Welcome to {business}.",
        },
        { token },
      ),
  },
  notificationAdd: {
    table: "business_messages",
    send: ({ token, businessId }) =>
      t.post("/notification-add", { business_id: businessId, title: "Hello", message: "Open late today." }, { token }),
  },
  // Stamps that cannot be faked: what the plan sells with the rewards and QR codes.
  cardAdjust: {
    table: "card_events",
    send: ({ token, serial }) => t.post("/card-adjust", { serial, delta: 2, reason: "Forgot to stamp" }, { token }),
  },
  // Selling visits: the owner's card moves to a prepaid-visits programme.
  cardTopup: {
    table: "card_events",
    send: async ({ token, serial, businessId }) => {
      const [reward] = await t.query<{ id: number }>(sql`
        insert into rewards (user_id, business_id, title, kind, stamps_required)
        select user_id, id, 'Pass', 'multipass', 10 from businesses where id = ${businessId} returning id`);
      await t.query(sql`update cards set reward_id = ${reward!.id}, stamps = 0 where serial = ${serial}`);
      return t.post("/card-topup", { serial, visits: 5 }, { token });
    },
  },
  // Redeeming points: the owner's card moves to a points programme with 100 points.
  cardRedeem: {
    table: "card_events",
    send: async ({ token, serial, businessId }) => {
      const [reward] = await t.query<{ id: number }>(sql`
        insert into rewards (user_id, business_id, title, kind, stamps_required, points_per_visit)
        select user_id, id, 'Points', 'points', 0, 5 from businesses where id = ${businessId} returning id`);
      const [option] = await t.query<{ id: number }>(sql`
        insert into reward_options (user_id, business_id, reward_id, title, points)
        select user_id, business_id, id, 'Croissant', 50 from rewards where id = ${reward!.id} returning id`);
      await t.query(sql`update cards set reward_id = ${reward!.id}, stamps = 100 where serial = ${serial}`);
      return t.post("/card-redeem", { serial, option_id: option!.id }, { token });
    },
  },
  counterDeviceAdd: {
    table: "counter_devices",
    send: ({ token, qrId }) => t.post("/counter-device-add", { qr_id: qrId, name: "Counter tablet" }, { token }),
  },
  // A points programme's catalogue: the reward is made directly, whatever the plan's state.
  rewardOptionAdd: {
    table: "reward_options",
    send: async ({ token, businessId }) => {
      const [reward] = await t.query<{ id: number }>(sql`
        insert into rewards (user_id, business_id, title, kind, stamps_required, points_per_visit)
        select user_id, id, 'Points', 'points', 0, 5 from businesses where id = ${businessId} returning id`);
      return t.post("/reward-option-add", { reward_id: reward!.id, title: "Croissant", points: 50 }, { token });
    },
  },
  // Keys to the public API: Growth and above.
  apiKeyAdd: {
    table: "api_keys",
    send: ({ token }) => t.post("/api/api-key-add", { name: "Till", scopes: ["cards:read"] }, { token }),
  },
  staffSettingsUpdate: {
    table: "owner_settings",
    send: ({ token }) => t.post("/staff-settings-update", { staff_may_adjust: true }, { token }),
  },
  // Webhooks: adding an endpoint, and what sends to one.
  webhookAdd: {
    table: "webhook_endpoints",
    send: ({ token }) =>
      t.post("/webhook-add", { url: "http://127.0.0.1:9/hook", events: ["card.created"] }, { token }),
  },
  webhookTest: {
    table: "webhook_deliveries",
    send: async ({ token, businessId }) => t.post("/webhook-test", { id: await endpointOf(businessId) }, { token }),
  },
  webhookRedeliver: {
    table: "webhook_deliveries",
    count: async () => (await jobsOf(t.query, "webhook-deliver")).length,
    send: async ({ token, businessId }) => {
      const [delivery] = await t.query<{ id: number }>(sql`
        insert into webhook_deliveries (endpoint_id, webhook_id, event_type, payload, status, attempts)
        values (${await endpointOf(businessId)}, ${`msg_plan_${businessId}`}, 'card.created', '{}', 'delivered', 1)
        returning id`);
      return t.post("/webhook-redeliver", { id: delivery!.id }, { token });
    },
  },
};

/** A webhook endpoint of the business's owner, made directly, whatever the plan's state. */
async function endpointOf(businessId: number) {
  const [row] = await t.query<{ id: number }>(sql`
    insert into webhook_endpoints (user_id, url, events, secret)
    select user_id, 'http://127.0.0.1:9/hook', '{card.created}', 'whsec_dGVzdA==' from businesses where id = ${businessId}
    returning id`);
  return row!.id;
}

const featured = (Object.entries(calls) as [CallName, { feature?: PlanFeature }][]).filter(([, c]) => c.feature);

it("has a case for every call that declares a feature", () => {
  expect(featured.map(([name]) => name).sort()).toEqual(Object.keys(cases).sort());
});

type State = "never paid" | "lapsed" | "Starter" | "Growth";
const STATES: State[] = ["never paid", "lapsed", "Starter", "Growth"];
const keysOf = (name: string) => SEED_PLANS.find((p) => p.name === name)!.featureKeys as PlanFeature[];

/** Moves an owner's plan to the state: payments deleted, the period ended, or the plan changed. */
async function moveTo(userId: number, state: State) {
  const mine = eq(payments.userId, userId);
  if (state === "never paid") await t.database.db.delete(payments).where(mine);
  if (state === "lapsed") {
    await t.query(sql`update payments set period_end = now() - interval '1 day' where user_id = ${userId}`);
  }
  if (state === "Starter" || state === "Growth") {
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, state));
    await t.database.db.update(payments).set({ planId: plan!.id }).where(mine);
  }
}

/** An owner with a business, a QR code and a customer's card (made on Growth), then moved to the state. */
async function ownerIn(state: State): Promise<Owner> {
  const user = await t.createUser({ plan: "Growth" });
  const token = await t.tokenFor(user.id);
  const business = await f.addBusiness(token);
  const reward = await f.addReward(token, business.id);
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  // Each owner's customer from an address of its own: the test's many joins stay under the per-IP limit.
  const joined = await f.join(qr.qr_token, {}, { ip: `10.77.${user.id >> 8}.${user.id & 255}` });
  await moveTo(user.id, state);
  return { token, businessId: business.id, qrId: qr.id, serial: joined.card.serial };
}

const rows = async (table: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

let n = 0;
describe.each(STATES)("an owner who is %s", (state) => {
  it.each(featured.map(([name, call]) => [name, call.feature!] as const))("%s (needs %s)", async (name, feature) => {
    const owner = await ownerIn(state);
    const { table, send, count } = cases[name]!;
    const counted = count ?? (() => rows(table));
    const before = await counted();
    const res = await send(owner, ++n);
    const allowed = state === "Starter" || state === "Growth" ? keysOf(state).includes(feature) : false;
    if (!allowed) {
      expectError(res, 403, state === "Starter" ? featureNotInPlan("Starter", feature) : NO_ACTIVE_PLAN);
      expect(await counted()).toBe(before);
      return;
    }
    // Allowed by the plan: it succeeds, or (Starter's one business is taken) asks for the slot fee.
    if (res.statusCode === 402) expect(res.body.errors?.slot_fee_required).toBeDefined();
    else {
      expect(res.statusCode).toBeLessThan(300);
      expect(await counted()).toBe(before + 1);
    }
  });
});

it("sells Starter the basics and Growth everything, as the plan list says", () => {
  expect(keysOf("Starter").sort()).toEqual(["locations", "stamp-cards", "vouchers"]);
  expect(keysOf("Growth").sort()).toEqual([
    "happy-hours",
    "integrations",
    "levels",
    "locations",
    "messages",
    "multipass",
    "product-categories",
    "staff",
    "stamp-cards",
    "vouchers",
  ]);
});

it("keeps reads, deletes and customers' cards working after the plan lapsed", async () => {
  const { token, business, qr } = await f.programme();
  const joined = await f.join(qr.qr_token);
  const device = await t.post<{ device: { id: number } }>(
    "/counter-device-add",
    { qr_id: qr.id, name: "Tab" },
    { token },
  );
  await t.query(sql`update payments set period_end = now() - interval '1 day'
    where user_id = (select user_id from businesses where id = ${business.id})`);
  for (const path of [
    "/reward-list",
    "/list-qrcode",
    "/business-list",
    "/scan-list",
    "/message-list",
    "/staff-list",
    "/api/api-key-list",
  ]) {
    expect([path, (await t.get(path, { token })).statusCode]).toEqual([path, 200]);
  }
  // The fraud tools' reads, and taking a tablet off the counter screen, need no plan either.
  const reads: [string, Record<string, string>][] = [
    ["/card-history", { serial: joined.card.serial }],
    ["/counter-device-list", { qr_id: String(qr.id) }],
    ["/staff-settings", {}],
  ];
  for (const [path, query] of reads) {
    expect([path, (await t.get(path, { token, query })).statusCode]).toEqual([path, 200]);
  }
  expect((await t.post("/counter-device-revoke", { id: device.body.data.device.id }, { token })).statusCode).toBe(200);
  expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
  expect((await t.post("/delete-qr", { id: qr.id }, { token })).statusCode).toBe(200);
});

describe("a staff invite sent on a plan with staff", () => {
  const PASSWORD = "staff password 123";
  const accept = (token: string) =>
    t.post("/accept-invite", { token, name: "Sam Staff", password: PASSWORD, password_confirmation: PASSWORD });

  async function invited() {
    const user = await t.createUser({ plan: "Growth" });
    const token = await t.tokenFor(user.id);
    const email = uniqueEmail("invited");
    const res = await t.post<AddStaffResult>("/add-staff", { name: "Sam", email }, { token });
    expect(res.statusCode).toBe(201);
    return { ownerId: user.id, email, invite: res.body.data.invite_link.split("/add-user/")[1]! };
  }
  const staffAccounts = async (email: string) =>
    (await t.query<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`))[0]!.n;

  it.each(["lapsed", "Starter", "never paid"] as const)(
    "is refused once the owner's plan is %s: the page says so, and accepting creates no account",
    async (state) => {
      const { ownerId, email, invite } = await invited();
      await moveTo(ownerId, state);
      expectError(await t.get("/staff-invite", { query: { token: invite } }), 403, inEnglish(INVITE_NOT_IN_PLAN));
      expectError(await accept(invite), 403, inEnglish(INVITE_NOT_IN_PLAN));
      expect(await staffAccounts(email)).toBe(0);
      const [row] = await t.query<{ accepted_at: string | null }>(
        sql`select accepted_at from staff_invites where email = ${email}`,
      );
      expect(row!.accepted_at).toBeNull();
      // Back on a plan with staff, the same link works.
      await t.subscribe(ownerId, "Growth");
      expect((await t.get("/staff-invite", { query: { token: invite } })).statusCode).toBe(200);
      expect((await accept(invite)).statusCode).toBe(201);
      expect(await staffAccounts(email)).toBe(1);
    },
  );
});
