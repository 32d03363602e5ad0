import { sql } from "drizzle-orm";
import type { ApiKey } from "../../../contract/api-keys";
import type { Paginated } from "../../../contract/pagination";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpoint } from "../../../contract/webhooks";
import { MAX_LIVE_KEYS } from "../../src/modules/api-keys/service";
import { staffLimits } from "../../src/modules/staff/routes";
import { createTestApp, uniqueEmail, type Res, type TestApp } from "../helpers/app";
import { ADDRESS_FIELDS, BUSINESS_FIELDS, multipart } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";

// Every per-owner limit holds when an owner's adds arrive all at once (30 concurrent requests):
// exactly the limit is created, each other add answers what a single add past the limit answers,
// and the owner's list shows every row there is.

jest.setTimeout(120_000);

const AT_ONCE = 30;

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const ownerWith = async (plan: string) => {
  const { id } = await t.createUser({ plan });
  return { id, token: await t.tokenFor(id) };
};

const atOnce = (add: (i: number) => Promise<Res>) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => add(i)));

const statuses = (answers: Res[]) =>
  answers.reduce<Record<number, number>>(
    (seen, res) => ({ ...seen, [res.statusCode]: (seen[res.statusCode] ?? 0) + 1 }),
    {},
  );

/** Every refused add answers exactly what one more add, made alone afterwards, answers. */
function expectRefusedLike(answers: Res[], alone: Res) {
  expect(alone.statusCode).toBeGreaterThanOrEqual(400);
  for (const res of answers.filter((r) => r.statusCode >= 300)) {
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: alone.statusCode, body: alone.body });
  }
}

const rows = async (table: string, userId: number) =>
  (
    await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`)
  )[0]!.n;

it(`API keys: ${AT_ONCE} at once make exactly ${MAX_LIVE_KEYS} live keys, and the list shows them all`, async () => {
  const owner = await ownerWith("Business Annual");
  const add = (i: number) =>
    t.post("/api-key-add", { name: `Till ${i}`, scopes: ["cards:read"] }, { token: owner.token });
  const answers = await atOnce(add);
  expect(statuses(answers)).toEqual({ 201: MAX_LIVE_KEYS, 422: AT_ONCE - MAX_LIVE_KEYS });
  expectRefusedLike(answers, await add(99));
  expect(await rows("api_keys", owner.id)).toBe(MAX_LIVE_KEYS);
  const list = await t.get<ApiKey[]>("/api-key-list", { token: owner.token });
  expect(list.body.data.filter((key) => key.revoked_at === null)).toHaveLength(MAX_LIVE_KEYS);
});

it("API keys: every live key stays listed however many revoked ones come after it", async () => {
  const owner = await ownerWith("Business Annual");
  const oldest = await t.post<ApiKey>("/api-key-add", { name: "Kept", scopes: ["cards:read"] }, { token: owner.token });
  // 120 keys made and revoked since: more than the list's 100.
  await t.query(sql`insert into api_keys (user_id, name, prefix, key_hash, scopes, revoked_at)
    select ${owner.id}, 'Old ' || n, 'lc_test_x', md5(random()::text) || n, '{cards:read}', now()
    from generate_series(1, 120) n`);
  const list = await t.get<ApiKey[]>("/api-key-list", { token: owner.token });
  expect(list.body.data).toHaveLength(100);
  expect(list.body.data[0]).toMatchObject({ id: oldest.body.data.id, revoked_at: null });
});

it(`webhook endpoints: ${AT_ONCE} at once make exactly ${MAX_WEBHOOK_ENDPOINTS}, and the list shows them all`, async () => {
  const owner = await ownerWith("Business Annual");
  const add = (i: number) =>
    t.post("/webhook-add", { url: `http://127.0.0.1:9/hook-${i}`, events: ["card.created"] }, { token: owner.token });
  const answers = await atOnce(add);
  expect(statuses(answers)).toEqual({ 200: MAX_WEBHOOK_ENDPOINTS, 422: AT_ONCE - MAX_WEBHOOK_ENDPOINTS });
  expectRefusedLike(answers, await add(99));
  expect(await rows("webhook_endpoints", owner.id)).toBe(MAX_WEBHOOK_ENDPOINTS);
  const list = await t.get<WebhookEndpoint[]>("/webhook-list", { token: owner.token });
  expect(list.body.data).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
});

it(`businesses: ${AT_ONCE} at once make exactly the plan's 3 (Growth), the rest ask for the extra-slot fee`, async () => {
  const owner = await ownerWith("Growth");
  const add = async (i: number) =>
    t.post("/add-business", undefined, {
      token: owner.token,
      ...(await multipart({ ...BUSINESS_FIELDS, business_name: `Branch ${i}` })),
    });
  const answers = await atOnce(add);
  expect(statuses(answers)).toEqual({ 201: 3, 402: AT_ONCE - 3 });
  expectRefusedLike(answers, await add(99));
  expect(await rows("businesses", owner.id)).toBe(3);
  const list = await t.get<Paginated<unknown>>("/business-list", { token: owner.token, query: { per_page: "100" } });
  expect(list.body.data).toMatchObject({ total: 3, items: expect.any(Array) });
  expect(list.body.data.items).toHaveLength(3);
});

it(`locations: ${AT_ONCE} at once make exactly the plan's 5 (Growth), the rest ask for the extra-slot fee`, async () => {
  const owner = await ownerWith("Growth");
  const business = await f.addBusiness(owner.token);
  const add = (i: number) =>
    t.post(
      "/add-address",
      { ...ADDRESS_FIELDS, address: `${i} Station Road`, business_id: business.id },
      { token: owner.token },
    );
  const answers = await atOnce(add);
  expect(statuses(answers)).toEqual({ 201: 5, 402: AT_ONCE - 5 });
  expectRefusedLike(answers, await add(99));
  expect(await rows("addresses", owner.id)).toBe(5);
  const list = await t.get<Paginated<unknown>>("/address-list", { token: owner.token, query: { per_page: "100" } });
  expect(list.body.data).toMatchObject({ total: 5 });
  expect(list.body.data.items).toHaveLength(5);
});

it(`staff: ${AT_ONCE} invites at once send exactly the hour's ${staffLimits.addStaffPerOwner.max}, and the list shows them all`, async () => {
  const owner = await ownerWith("Business Annual");
  const add = (i: number) =>
    t.post("/add-staff", { name: `Staff ${i}`, email: uniqueEmail("staff") }, { token: owner.token });
  const answers = await atOnce(add);
  const max = staffLimits.addStaffPerOwner.max;
  expect(statuses(answers)).toEqual({ 201: max, 429: AT_ONCE - max });
  const alone = await add(99);
  expect(alone.statusCode).toBe(429);
  for (const res of answers.filter((r) => r.statusCode === 429)) expect(res.body.message).toBe(alone.body.message);
  const invites = await t.query<{ n: number }>(
    sql`select count(*)::int as n from staff_invites where owner_id = ${owner.id}`,
  );
  expect(invites[0]!.n).toBe(max);
  const list = await t.get<Paginated<unknown>>("/staff-list", { token: owner.token, query: { per_page: "100" } });
  expect(list.body.data).toMatchObject({ total: max });
  expect(list.body.data.items).toHaveLength(max);
});

it(`QR codes (no per-owner cap): ${AT_ONCE} at once are all made, and the list pages through every one`, async () => {
  const { token, business } = await f.programme();
  const answers = await atOnce((i) =>
    t.post("/generate-qr", { business_id: business.id, label: `Table ${i}` }, { token }),
  );
  expect(statuses(answers)).toEqual({ 201: AT_ONCE });
  const seen: number[] = [];
  for (let page = 1; page <= 2; page++) {
    const res = await t.get<Paginated<{ id: number }>>("/list-qrcode", {
      token,
      query: { page: String(page), per_page: "20" },
    });
    expect(res.body.data.total).toBe(AT_ONCE + 1);
    seen.push(...res.body.data.items.map((qr) => qr.id));
  }
  expect(new Set(seen).size).toBe(AT_ONCE + 1);
});
