import fc from "fast-check";
import { sql } from "drizzle-orm";
import { calls, type Call } from "../../../contract/calls";
import { safeParse, type Schema } from "../../../contract/schema";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet";
import { createTestApp, uniqueEmail, type Res, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, image } from "../helpers/dashboard";
import { changedTables, fingerprint } from "../helpers/fingerprint";
import { loyaltyFixtures } from "../helpers/loyalty";
import { startReceiver } from "../helpers/webhook-receiver";
import { arbitraryFor } from "../helpers/zod-arbitrary";
import { createCoupon } from "../../src/modules/payments/coupons";

/**
 * The access matrix from the contract: every call that takes the id of an
 * owner's row × ten callers → the answer the call's `access` (and its plan feature, where the
 * contract declares one) says, and nothing written on a refusal. The calls, their ids and their
 * requests come from `calls.ts`: a new call is covered by default, and one the generator cannot
 * build a request for fails here until it is listed in UNBUILDABLE with a reason.
 */

type Ids = Record<Resource, number>;
type Resource =
  | "business"
  | "address"
  | "category"
  | "reward"
  | "points"
  | "option"
  | "qr"
  | "staff"
  | "file"
  | "coupon"
  | "payment"
  | "device"
  | "apiKey"
  | "webhook"
  | "delivery";

/** The row an `id` names, from the call's path (`/delete-business` → business). */
const ID_BY_PATH: [RegExp, Resource][] = [
  [/api-key/, "apiKey"],
  [/webhook-redeliver/, "delivery"],
  [/webhook/, "webhook"],
  [/counter-device/, "device"],
  [/reward-option/, "option"],
  [/business/, "business"],
  [/address/, "address"],
  [/product-category/, "category"],
  [/staff/, "staff"],
  [/reward/, "reward"],
  [/qr/, "qr"],
  [/files/, "file"],
  [/coupon/, "coupon"],
  [/payment/, "payment"],
];
/** The row a `*_id` field names. */
const ID_BY_KEY: Record<string, Resource> = {
  business_id: "business",
  address_id: "address",
  reward_id: "reward",
  product_category_id: "category",
  qr_id: "qr",
  endpoint_id: "webhook",
};
/** Ids of rows nobody owns (the public plan list): not part of the matrix. */
const SHARED_KEYS = new Set(["subscription_id"]);

/**
 * Fields whose valid values are reference data (category-list, country-list), not a schema's
 * shape: the generated value is replaced by one from the list.
 */
const REFERENCE_VALUES: Record<string, unknown> = {
  business_category: BUSINESS_FIELDS.business_category,
  country_name: BUSINESS_FIELDS.country_name,
  // Card design colours (`#rrggbb`): the generator's strings seldom are one.
  background_color: "#123456",
  foreground_color: "#ffffff",
  label_color: "#eeeeee",
  // A cost's decimals must fit the business's currency, a rule only the server knows: not said.
  cost: null,
};

/**
 * add-reward edits the world's stamp card, which has cards: its kind stays, and a referral bonus
 * is a whole number (another kind's bonus, or cashback's money in the currency's decimals, is a
 * rule only the server knows).
 */
const ADD_REWARD_VALUES: Record<string, unknown> = { kind: "stamps", referral_bonus: "1", referral_friend_bonus: "1" };

/** Calls taking an owner's id that the generator cannot build a valid request for, with why. */
const UNBUILDABLE: Record<string, string> = {
  customerImportPreview:
    "a CSV file upload: customer-import.test.ts checks another owner's business (404, nothing written), staff (403) and signed out (401)",
  customerImport:
    "an import's id (made by a preview): customer-import.test.ts checks another owner's (404, nothing written), staff (403) and signed out (401)",
  customerImportStatus:
    "an import's id (made by a preview): customer-import.test.ts checks another owner's (404), staff (403) and signed out (401)",
  posConnectionSettings: "a till connection's id: till.test.ts checks another owner's (404, nothing written)",
  posConnectionDelete: "a till connection's id: till.test.ts checks another owner's (404, nothing written)",
  posOrders: "a till connection's id: till.test.ts checks another owner's (404)",
  posShopifyHook:
    "a signed delivery, not a caller's: till.test.ts checks bad signatures (401) and a wrong provider (404)",
  posSquareHook:
    "a signed delivery, not a caller's: till.test.ts checks bad signatures (401) and a wrong provider (404)",
  cardRedeem:
    "its 2xx needs a points card holding the price of an option of its own reward (the world's card is a stamp card): owner, staff, another owner, their staff and signed out are tested in programme-kinds.test.ts",
  referralReview:
    "a held referral bonus's id (made by a referrer's fourth friend in a day): referrals-every-path.test.ts checks the owner, staff (403), another owner (404, nothing written) and signed out",
  promotionAdd:
    "a valid happy hour needs a multiplier or a bonus and an end after its start (and the world's stamp card takes no multiplier): promotions.test.ts checks the owner, staff (403), another owner (404, nothing written) and signed out",
  promotionDelete:
    "a happy hour's id: promotions.test.ts checks the owner, staff (403), another owner (404, nothing written) and signed out",
  automationSave:
    "its offer_id names a win-back offer of the same business: automation-offers.test.ts checks another owner's offer and another trigger's (422, nothing written); automations.test.ts checks another owner's business (404)",
  categoryRuleSave:
    "a rule needs a points or cashback programme (the world's card is a stamp card): category-rules.test.ts checks the owner, staff (403), another owner (404, nothing written) and signed out",
  categoryRuleDelete:
    "an earning rule's id: category-rules.test.ts checks the owner, staff (403), another owner (404, nothing written) and signed out",
  offerDelete: "an offer's id: offers.test.ts checks another owner's (404, nothing retired) and staff (403)",
  offerSend:
    "an offer's id: offers.test.ts checks another owner's (404, nothing issued) and an offer that is not a campaign (422)",
  voucherIssue:
    "an offer's id and a card of its business: offers.test.ts checks another owner's offer or card (404, nothing issued), staff (201) and a retired offer (422)",
  counterEvents:
    "an endless server-sent event stream (inject waits for its end): who may open it (owner, staff, the QR code's tablet) and who may not is tested over a real socket in counter-screen.test.ts",
};

/** The plan feature a call needs, where the contract declares one. */
const planFeature = (call: Call): unknown => {
  const data = call as Call & { plan?: unknown; feature?: unknown; planFeature?: unknown };
  return data.plan ?? data.feature ?? data.planFeature;
};

type Def = { type: string; shape?: Record<string, Schema>; innerType?: Schema; in?: Schema; out?: Schema };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a field holds a row id: a number under optional/default/pipe wrappers. */
function isNumber(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === "number") return true;
  if (def.type === "pipe") return isNumber(defOf(def.out!).type === "transform" ? def.in! : def.out!);
  return def.innerType ? isNumber(def.innerType) : false;
}

type Part = "body" | "query" | "params";
type IdField = { part: Part; key: string; resource: Resource | undefined };

function idFields(call: Call): IdField[] {
  const fields: IdField[] = [];
  for (const part of ["body", "query", "params"] as const) {
    const shape = call[part] ? defOf(call[part]).shape : undefined;
    for (const [key, schema] of Object.entries(shape ?? {})) {
      if ((key !== "id" && !key.endsWith("_id")) || SHARED_KEYS.has(key) || !isNumber(schema)) continue;
      // A points programme's catalogue names a points reward, not the stamps one.
      const resource =
        key === "id"
          ? ID_BY_PATH.find(([re]) => re.test(call.path))?.[1]
          : key === "reward_id" && call.path.startsWith("/reward-option")
            ? "points"
            : ID_BY_KEY[key];
      fields.push({ part, key, resource });
    }
  }
  return fields;
}

const matrixCalls = (Object.entries(calls) as [string, Call][]).filter(([, call]) => idFields(call).length > 0);

type Built = { query: Record<string, unknown>; params: Record<string, unknown>; body: unknown };

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
type World = Awaited<ReturnType<typeof world>>;

/** An owner with one row of each kind, a staff member and a customer's card. */
async function world(label: string) {
  const owner = await t.createUser({ name: `Owner ${label}` });
  const token = await t.tokenFor(owner.id);
  const business = await f.addBusiness(token, { business_name: `${label}'s shop` }, await image("png", 16));
  const address = await f.addAddress(token, business.id);
  const category = await f.addCategory(token, `${label}'s coffee`);
  // Before the stamps reward: that one stays the business's newest, the one QR codes fall back to.
  const points = await f.addReward(token, business.id, { title: "Points", kind: "points", points_per_visit: 5 });
  const option = await t.post<{ id: number }>(
    "/reward-option-add",
    { reward_id: points.id, title: "Croissant", points: 50 },
    { token },
  );
  const reward = await f.addReward(token, business.id);
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  const invite = await f.addStaff(token, uniqueEmail("staff"));
  const staff = await t.createUser({ role: "staff", ownerId: owner.id });
  const card = await f.join(qr.qr_token);
  const device = await t.post<{ device: { id: number } }>(
    "/counter-device-add",
    { qr_id: qr.id, name: `${label}'s tablet` },
    { token },
  );
  await t.post("/coupon-apply", { coupon_code: "MATRIX10", mode: "businessPayment" }, { token });
  const [coupon] = (await t.get<{ id: number }[]>("/coupon-list", { token })).body.data;
  const [payment] = await t.query<{ id: number }>(sql`select id from payments where user_id = ${owner.id} limit 1`);
  const apiKey = await t.post<{ id: number }>(
    "/api/api-key-add",
    { name: `${label}'s key`, scopes: ["cards:read"] },
    { token },
  );
  // A webhook endpoint that answers 200 (no retries change rows later), with one delivery: its test event.
  const webhook = await t.post<{ id: number }>(
    "/webhook-add",
    { url: receiver.url(), events: ["card.created"] },
    { token },
  );
  const test = await t.post<{ id: number }>("/webhook-test", { id: webhook.body.data.id }, { token });
  await t.settle();
  const ids: Ids = {
    business: business.id,
    address: address.id,
    category: category.id,
    reward: reward.id,
    points: points.id,
    option: option.body.data.id,
    qr: qr.id,
    staff: invite.id,
    file: Number(business.business_logo!.split("/").pop()),
    coupon: coupon!.id,
    payment: payment!.id,
    device: device.body.data.device.id,
    apiKey: apiKey.body.data.id,
    webhook: webhook.body.data.id,
    delivery: test.body.data.id,
  };
  return {
    ownerId: owner.id,
    token,
    staffToken: await t.tokenFor(staff.id),
    cardSecret: card.secret,
    ids,
    strings: [qr.qr_token, card.card.serial, card.email],
  };
}

/** A valid request for `call` on the rows of `w`, or null when none of 60 samples validates. */
function build(call: Call, w: World): Built | null {
  const fields = idFields(call);
  const pool = { strings: w.strings, files: [] };
  const sample = (part: Part) =>
    call[part] ? fc.sample(arbitraryFor(call[part], pool), { numRuns: 60, seed: 4 }) : [undefined];
  const candidates = { body: sample("body"), query: sample("query"), params: sample("params") };
  for (let i = 0; i < 60; i++) {
    const built: Built = { query: {}, params: {}, body: undefined };
    let valid = true;
    for (const part of ["body", "query", "params"] as const) {
      const value = candidates[part][i % candidates[part].length];
      // Files go as multipart; the matrix sends JSON and leaves them out.
      const object: Record<string, unknown> = Object.fromEntries(
        Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => !(v instanceof Uint8Array)),
      );
      for (const [key, known] of Object.entries(REFERENCE_VALUES)) if (key in object) object[key] = known;
      if (call === calls.addReward && part === "body") Object.assign(object, ADD_REWARD_VALUES);
      // SMS is a channel only where Twilio is set up, which the test server is not.
      if (call === calls.notificationAdd && part === "body") object.channels = ["pass", "push"];
      // A keyset cursor is the server's own token (made from a row it answered): none is sent.
      delete object.cursor;
      for (const field of fields.filter((field) => field.part === part)) object[field.key] = w.ids[field.resource!];
      if (call[part] && !safeParse(call[part], object).success) valid = false;
      if (part === "body") built.body = call[part] ? object : undefined;
      else built[part] = object;
    }
    if (valid) return built;
  }
  return null;
}

function send(call: Call, built: Built, headers: Record<string, string>): Promise<Res> {
  const path = call.path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(String(built.params[name])));
  const query = Object.fromEntries(
    Object.entries(built.query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  return t.request(call.method, path, call.method === "GET" ? undefined : (built.body ?? {}), { headers, query });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A 2xx answer with nothing in it: an empty list, page or CSV. */
function isEmptyAnswer(res: Res): boolean {
  if (res.statusCode >= 300) return false;
  if (String(res.headers["content-type"]).startsWith("text/csv")) return res.text.trim().split("\n").length <= 1;
  const data = res.body?.data as unknown;
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === "object" && "items" in data) return (data as { items: unknown[] }).items.length === 0;
  return false;
}

type Caller = {
  name: string;
  /** Whose rows the request names. */
  rows: () => World;
  headers: () => Record<string, string>;
  /** Whether the answer is right for this call, with a description of what was expected. */
  expect: (call: Call, res: Res) => [boolean, string];
};

const signedOutAnswer = (call: Call, res: Res): [boolean, string] =>
  call.access === "public" ? [res.statusCode < 500, "a public answer"] : [res.statusCode === 401, "401"];
const foreignAnswer = (call: Call, res: Res): [boolean, string] =>
  call.access === "public"
    ? [res.statusCode < 500, "a public answer"]
    : [
        res.statusCode === 404 || (res.statusCode === 422 && call.method !== "GET") || isEmptyAnswer(res),
        "404 (422 on a write), or an empty list",
      ];

let a: World; // the owner whose rows are asked for (new after each write: a success may delete them)
let b: World; // another owner
let revoked: World; // an owner whose token was revoked
let deleted: World; // an owner who deleted their account
let lapsed: World; // an owner whose paid period ended (new after each write, like a)
/** Whether a and lapsed are as `world` made them: true after a read, whose answers write nothing. */
let untouched = false;

const callers: Caller[] = [
  {
    name: "the owner",
    rows: () => a,
    headers: () => bearer(a.token),
    expect: (_call, res) => [res.statusCode >= 200 && res.statusCode < 300, "2xx"],
  },
  { name: "another owner", rows: () => a, headers: () => bearer(b.token), expect: foreignAnswer },
  {
    name: "staff of the owner",
    rows: () => a,
    headers: () => bearer(a.staffToken),
    expect: (call, res) =>
      call.access === "owner"
        ? [res.statusCode === 403, "403"]
        : [res.statusCode >= 200 && res.statusCode < 300, "2xx"],
  },
  {
    name: "staff of another owner",
    rows: () => a,
    headers: () => bearer(b.staffToken),
    expect: (call, res) => (call.access === "owner" ? [res.statusCode === 403, "403"] : foreignAnswer(call, res)),
  },
  {
    name: "a customer's card cookie",
    rows: () => a,
    headers: () => ({ [CARD_SECRETS_HEADER]: a.cardSecret }),
    expect: signedOutAnswer,
  },
  { name: "signed out", rows: () => a, headers: () => ({}), expect: signedOutAnswer },
  { name: "a revoked token", rows: () => revoked, headers: () => bearer(revoked.token), expect: signedOutAnswer },
  { name: "a soft-deleted user", rows: () => deleted, headers: () => bearer(deleted.token), expect: signedOutAnswer },
  {
    name: "an owner whose plan lapsed",
    rows: () => lapsed,
    headers: () => bearer(lapsed.token),
    expect: (call, res) =>
      planFeature(call) !== undefined
        ? [[402, 403].includes(res.statusCode), "402 or 403 (the call needs a plan feature)"]
        : [res.statusCode >= 200 && res.statusCode < 300, "2xx (the call needs no plan feature)"],
  },
  {
    // Staff act for their owner: what the owner's plan no longer includes, they cannot do either.
    name: "staff of an owner whose plan lapsed",
    rows: () => lapsed,
    headers: () => bearer(lapsed.staffToken),
    expect: (call, res) =>
      call.access === "owner" || planFeature(call) !== undefined
        ? [res.statusCode === 403, "403 (an owner's call, or one that needs a plan feature)"]
        : [res.statusCode >= 200 && res.statusCode < 300, "2xx (the call needs no plan feature)"],
  },
];

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp();
  f = loyaltyFixtures(t);
  await createCoupon(t.database.db, { code: "MATRIX10", kind: "percent", value: 10 });
  b = await world("B");
  revoked = await world("Revoked");
  await t.query(sql`update api_tokens set revoked_at = now() where user_id = ${revoked.ownerId}`);
  deleted = await world("Deleted");
  await t.query(sql`update users set deleted_at = now() where id = ${deleted.ownerId}`);
}, 120_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

it("covers every call that takes an owner's id, or lists why not", () => {
  const unbuildable = matrixCalls.filter(([, call]) => idFields(call).some((field) => !field.resource));
  expect(unbuildable.map(([name]) => name).filter((name) => !UNBUILDABLE[name])).toEqual([]);
  // Stale entries go: a listed call must still be in the contract.
  expect(Object.keys(UNBUILDABLE).filter((name) => !(name in calls))).toEqual([]);
  expect(matrixCalls.length).toBeGreaterThanOrEqual(20);
});

describe.each(matrixCalls.filter(([name]) => !UNBUILDABLE[name]))("%s", (_name, call) => {
  it("answers each caller as its access says, and a refusal writes nothing", async () => {
    if (!untouched) {
      a = await world("A");
      lapsed = await world("Lapsed");
      await t.query(sql`update payments set period_end = now() - interval '1 day' where user_id = ${lapsed.ownerId}`);
    }
    untouched = call.method === "GET";
    const wrong: string[] = [];
    // The owner goes last: a success may delete the rows the others ask for.
    for (const caller of [...callers.slice(1), callers[0]!]) {
      const built = build(call, caller.rows());
      if (!built) throw new Error(`no valid request: list the call in UNBUILDABLE with a reason`);
      const before = await fingerprint(t);
      const res = await send(call, built, caller.headers());
      await t.settle();
      const [ok, expected] = caller.expect(call, res);
      if (!ok) wrong.push(`${caller.name}: ${res.statusCode} ${res.text.slice(0, 160)}, expected ${expected}`);
      if (res.statusCode >= 400) {
        const changed = changedTables(before, await fingerprint(t));
        if (changed.length > 0) wrong.push(`${caller.name}: refused (${res.statusCode}) but wrote ${changed}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
