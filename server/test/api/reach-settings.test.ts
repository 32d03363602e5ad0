import type { ReachSettings } from "../../../contract/reach-settings";
import { createTestApp, expectError, expectInvalid, uniqueEmail, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// reach-settings-get: the owner reads back the mail switches and weekly cap that
// reach-settings-save keeps, for their own business only.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const settingsOf = (token: string, businessId: number | string) =>
  t.get<ReachSettings>("/reach-settings-get", { token, query: { business_id: String(businessId) } });

describe("reach-settings-get", () => {
  it("answers the defaults for a business never saved: every mail off, a weekly cap of 3", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const res = await settingsOf(token, business.id);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      business_id: business.id,
      weekly_cap: 3,
      mail_reward_ready: false,
      mail_expiry: false,
      mail_vouchers: false,
    });
  });

  it("answers what reach-settings-save kept, the same shape the save answers", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const saved = await t.post(
      "/reach-settings-save",
      { business_id: business.id, weekly_cap: 1, mail_expiry: true, mail_vouchers: true },
      { token },
    );
    expect(saved.statusCode).toBe(200);
    const read = await settingsOf(token, business.id);
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toEqual(saved.body.data);
    expect(read.body.data).toEqual({
      business_id: business.id,
      weekly_cap: 1,
      mail_reward_ready: false,
      mail_expiry: true,
      mail_vouchers: true,
    });
  });

  it("answers another owner's business as not found, and refuses a bad id", async () => {
    const owner = await f.owner();
    const business = await f.addBusiness(owner);
    const stranger = await f.owner();
    expectError(await settingsOf(stranger, business.id), 404);
    expectInvalid(await settingsOf(owner, "abc"), ["business_id"]);
    expectInvalid(await t.get("/reach-settings-get", { token: owner }), ["business_id"]);
  });

  it("refuses the owner's staff and a caller without a session", async () => {
    const owner = await f.owner();
    const business = await f.addBusiness(owner);
    const staff = await f.staffOf(owner, uniqueEmail("reach-staff"));
    expectError(await settingsOf(staff.token, business.id), 403);
    expectError(await t.get("/reach-settings-get", { query: { business_id: String(business.id) } }), 401);
  });
});
