import { calls, type Call } from "../../../contract/calls";
import { messages } from "../../../contract/envelope";
import { createTestApp, expectError, uniqueEmail, type TestApp } from "../helpers/app";
import { ADDRESS_FIELDS, BUSINESS_FIELDS } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";
import { createCoupon } from "../../src/modules/payments/coupons";

/**
 * One owner can never read or change another's data (404, never a leak), and staff can never
 * make an owner-only call (403). Table-driven over every id-taking call of the dashboard.
 */

let t: TestApp;
let a: {
  token: string;
  business: number;
  address: number;
  category: number;
  staff: number;
  staffToken: string;
  coupon: number;
  reward: number;
  points: number;
  option: number;
  qr: number;
  serial: string;
};
let b: { token: string; business: number };

beforeAll(async () => {
  t = await createTestApp();
  const f = loyaltyFixtures(t);
  const ownerA = await t.tokenFor((await t.createUser({ name: "Owner A" })).id);
  const business = await f.addBusiness(ownerA, { business_name: "A's shop" });
  const address = await f.addAddress(ownerA, business.id);
  const category = await f.addCategory(ownerA, "A's coffee");
  const staff = await f.staffOf(ownerA, uniqueEmail("a-staff"));
  await createCoupon(t.database.db, { code: "ISOLATION10", kind: "percent", value: 10 });
  await t.post("/coupon-apply", { coupon_code: "ISOLATION10", mode: "businessPayment" }, { token: ownerA });
  const [coupon] = (await t.get<{ id: number }[]>("/coupon-list", { token: ownerA })).body.data;
  // A points programme with an option, older than the stamps reward the QR code falls back to.
  const points = await f.addReward(ownerA, business.id, { title: "A's points", kind: "points", points_per_visit: 5 });
  const option = await t.post<{ id: number }>(
    "/reward-option-add",
    { reward_id: points.id, title: "A's croissant", points: 50 },
    { token: ownerA },
  );
  const reward = await t.post<{ id: number }>(
    "/add-reward",
    { business_id: business.id, title: "A's reward", stamps_required: 5 },
    { token: ownerA },
  );
  const qr = await t.post<{ id: number; qr_token: string }>(
    "/generate-qr",
    { business_id: business.id, label: "A's QR" },
    { token: ownerA },
  );
  const customer = await f.join(qr.body.data.qr_token, { name: "A's customer" });
  a = {
    reward: reward.body.data.id,
    points: points.id,
    option: option.body.data.id,
    qr: qr.body.data.id,
    token: ownerA,
    business: business.id,
    address: address.id,
    category: category.id,
    staff: staff.invite.id,
    staffToken: staff.token,
    coupon: coupon!.id,
    serial: customer.card.serial,
  };
  const ownerB = await t.tokenFor((await t.createUser({ name: "Owner B" })).id);
  b = { token: ownerB, business: (await f.addBusiness(ownerB, { business_name: "B's shop" })).id };
});
afterAll(() => t.close());

/** Everything owner A has, as A's own list calls answer it. */
async function snapshotOfA() {
  const lists = [
    "/business-list",
    "/address-list",
    "/product-category-list",
    "/staff-list",
    "/dashboard-details",
    "/coupon-list",
    "/payment-list",
    "/reward-list",
    "/list-qrcode",
    "/customer-list",
  ];
  const options = async () =>
    (await t.get("/reward-option-list", { token: a.token, query: { reward_id: String(a.points) } })).body.data;
  return Promise.all([...lists.map(async (path) => (await t.get(path, { token: a.token })).body.data), options()]);
}

type Attempt = [what: string, method: "GET" | "POST", path: string, input: () => Record<string, unknown>];

const crossOwner: Attempt[] = [
  [
    "edit A's business",
    "POST",
    "/add-business",
    () => ({ ...BUSINESS_FIELDS, id: a.business, business_name: "Hijacked" }),
  ],
  ["delete A's business", "POST", "/delete-business", () => ({ id: a.business })],
  ["read A's card design", "GET", "/card-design-get", () => ({ business_id: String(a.business) })],
  [
    "redesign A's card",
    "POST",
    "/card-design-update",
    () => ({
      business_id: a.business,
      title: "Hijacked",
      background_color: "#000000",
      foreground_color: "#ffffff",
      label_color: "#ffffff",
    }),
  ],
  ["list A's business's addresses", "GET", "/address-list", () => ({ business_id: String(a.business) })],
  ["add an address to A's business", "POST", "/add-address", () => ({ ...ADDRESS_FIELDS, business_id: a.business })],
  [
    "move A's address to B's business",
    "POST",
    "/add-address",
    () => ({ ...ADDRESS_FIELDS, id: a.address, business_id: b.business }),
  ],
  ["delete A's address", "POST", "/delete-address", () => ({ id: a.address })],
  ["rename A's product category", "POST", "/product-category-add", () => ({ id: a.category, name: "Hijacked" })],
  [
    "tie a category to A's business",
    "POST",
    "/product-category-add",
    () => ({ name: "Mine", business_id: a.business }),
  ],
  ["delete A's product category", "POST", "/product-category-delete", () => ({ id: a.category })],
  ["delete A's staff member", "POST", "/delete-staff", () => ({ id: a.staff })],
  ["detach A's applied coupon", "POST", "/delete-coupon", () => ({ id: a.coupon })],
  ["download A's receipt", "GET", `/payment-receipt/1`, () => ({})],
  [
    "move A's reward to B's business",
    "POST",
    "/add-reward",
    () => ({ id: a.reward, business_id: b.business, title: "Hijacked", stamps_required: 5 }),
  ],
  [
    "add a reward to A's business",
    "POST",
    "/add-reward",
    () => ({ business_id: a.business, title: "Mine", stamps_required: 5 }),
  ],
  ["remove A's reward", "POST", "/remove-reward", () => ({ id: a.reward })],
  [
    "preview an expiry of A's reward",
    "POST",
    "/reward-expiry-preview",
    () => ({ reward_id: a.reward, expire_after_days: 30 }),
  ],
  [
    "add an option to A's points reward",
    "POST",
    "/reward-option-add",
    () => ({ reward_id: a.points, title: "Hijacked", points: 1 }),
  ],
  ["list A's points reward's options", "GET", "/reward-option-list", () => ({ reward_id: String(a.points) })],
  ["retire A's option", "POST", "/reward-option-delete", () => ({ id: a.option })],
  ["generate a QR code for A's business", "POST", "/generate-qr", () => ({ business_id: a.business, label: "Mine" })],
  [
    "generate a QR code with A's reward",
    "POST",
    "/generate-qr",
    () => ({ business_id: b.business, reward_id: a.reward, label: "Mine" }),
  ],
  ["view A's QR code", "GET", "/single-qr-code", () => ({ id: String(a.qr) })],
  ["delete A's QR code", "POST", "/delete-qr", () => ({ id: a.qr })],
  ["regenerate A's QR code", "POST", "/qr-regenerate", () => ({ qr_id: a.qr })],
  ["switch A's QR code to rotating", "POST", "/qr-mode-update", () => ({ qr_id: a.qr, mode: "rotating" })],
  ["show A's counter code", "GET", "/counter-code", () => ({ qr_id: String(a.qr) })],
  ["add a device link to A's QR code", "POST", "/counter-device-add", () => ({ qr_id: a.qr, name: "Mine" })],
  ["list A's QR code's device links", "GET", "/counter-device-list", () => ({ qr_id: String(a.qr) })],
  [
    "message the card holders of A's business",
    "POST",
    "/notification-add",
    () => ({ business_id: a.business, title: "Hijacked", message: "Hijacked" }),
  ],
  [
    "read the message settings of A's business",
    "GET",
    "/reach-settings-get",
    () => ({ business_id: String(a.business) }),
  ],
  [
    "change the message settings of A's business",
    "POST",
    "/reach-settings-save",
    () => ({ business_id: a.business, weekly_cap: 0 }),
  ],
  // Customers.
  ["view A's customer", "GET", "/customer-detail", () => ({ serial: a.serial })],
  ["export A's customer", "GET", "/customer-export", () => ({ serial: a.serial })],
  ["delete A's customer", "POST", "/customer-delete", () => ({ serial: a.serial })],
  ["list A's business's customers", "GET", "/customer-list", () => ({ business_id: String(a.business) })],
  ["count a segment of A's business", "GET", "/segment-count", () => ({ business_id: String(a.business) })],
  [
    "estimate an SMS to A's business's customers",
    "POST",
    "/sms-estimate",
    () => ({ business_id: a.business, body: "Hi" }),
  ],
  ["list A's automations", "GET", "/automation-list", () => ({ business_id: String(a.business) })],
  [
    "automate A's business",
    "POST",
    "/automation-save",
    () => ({ business_id: a.business, kind: "welcome", enabled: true, title: "Hijacked", message: "Hijacked" }),
  ],
];

describe("owner B with owner A's ids", () => {
  it.each(crossOwner)("cannot %s: 404, and A's data is unchanged", async (_what, method, path, input) => {
    const before = await snapshotOfA();
    const res =
      method === "GET"
        ? await t.get(path, { token: b.token, query: input() as Record<string, string> })
        : await t.post(path, input(), { token: b.token });
    expectError(res, 404);
    expect(res.text).not.toContain("A's");
    expect(await snapshotOfA()).toEqual(before);
    // A's staff member still works.
    expect((await t.get("/user-profile", { token: a.staffToken })).statusCode).toBe(200);
  });

  it("covers every POST of the dashboard that takes an id", () => {
    const covered = new Set(crossOwner.map(([, , path]) => path));
    const idCalls = Object.values(calls as Record<string, Call>).filter(
      (call) => call.access === "owner" && call.method === "POST" && call.path !== "/user-soft-delete",
    );
    // These take no id of an owner's row (a charge and a coupon name a public plan and a code).
    // The feed calls act on the caller's own feed as a whole (notifications.test.ts checks them).
    const noRowIds = [
      "/add-staff",
      "/subscription-charge",
      "/coupon-apply",
      "/notification-read",
      "/notification-clear",
      "/staff-settings-update",
      // A device link's id: counter-devices.test.ts checks another owner's revoke.
      "/counter-device-revoke",
      // A till connection's id, or a business id for one: till.test.ts checks another owner's.
      "/pos-connection-add",
      "/pos-connection-settings",
      "/pos-connection-delete",
      // An API key's id (api-key-add takes a name and scopes): api-keys.test.ts checks another owner's revoke.
      "/api-key-add",
      "/api-key-revoke",
      // A webhook endpoint's or delivery's id (webhook-add takes a URL): webhooks.test.ts checks another owner's.
      "/webhook-add",
      "/webhook-delete",
      "/webhook-rotate-secret",
      "/webhook-test",
      "/webhook-redeliver",
      // A held referral bonus's id: referrals-every-path.test.ts checks another owner's review.
      "/referral-review",
      // A happy hour's id, or a reward's for one: promotions.test.ts checks another owner's add and delete (404).
      "/promotion-add",
      "/promotion-delete",
      // A category's and a programme's ids, or a rule's: category-rules.test.ts checks another owner's save and delete (404).
      "/category-rule-save",
      "/category-rule-delete",
      // An offer's id, or a business id for one: offers.test.ts checks another owner's add, retire and send (404, nothing written).
      "/offer-add",
      "/offer-delete",
      "/offer-send",
      // A business id for an upload, or an import's id: customer-import.test.ts checks another owner's (404).
      "/customer-import-preview",
      "/customer-import",
      // A business id: insights.test.ts checks another owner's update (404).
      "/control-group-update",
      // A business id: staff-alerts.test.ts checks another owner's update (404, nothing written).
      "/staff-alert-update",
    ];
    for (const call of idCalls.filter((c) => !noRowIds.includes(c.path))) {
      expect(covered).toContain(call.path);
    }
  });

  it("sees only their own rows in every list", async () => {
    for (const path of [
      "/business-list",
      "/address-list",
      "/product-category-list",
      "/staff-list",
      "/reward-list",
      "/list-qrcode",
    ]) {
      const res = await t.get(path, { token: b.token });
      expect(res.text).not.toContain("A's");
    }
  });
});

const ownerOnly = Object.entries(calls as Record<string, Call>).filter(([, call]) => call.access === "owner");

describe("staff on owner-only calls", () => {
  it("the contract marks every management call owner-only", () => {
    expect(ownerOnly.length).toBeGreaterThanOrEqual(13);
  });

  it.each(ownerOnly)("%s answers 403 and changes nothing", async (_name, call) => {
    const before = await snapshotOfA();
    // Inputs that would succeed for the owner: the refusal is about who asks, not what.
    const input = { ...BUSINESS_FIELDS, ...ADDRESS_FIELDS, id: a.business, business_id: a.business, name: "Staff try" };
    const res =
      call.method === "GET"
        ? await t.get(call.path, { token: a.staffToken })
        : await t.post(
            call.path,
            { ...input, email: uniqueEmail("x"), password: "staff password 123" },
            {
              token: a.staffToken,
            },
          );
    expectError(res, 403, messages.forbidden);
    expect(await snapshotOfA()).toEqual(before);
  });
});

describe("signed-out callers", () => {
  const signedIn = Object.values(calls as Record<string, Call>).filter((call) => call.access !== "public");
  it.each(signedIn.map((call) => [call.path, call] as const))("%s answers 401", async (_path, call) => {
    const res = call.method === "GET" ? await t.get(call.path) : await t.post(call.path, {});
    expectError(res, 401, "Unauthenticated.");
  });
});
