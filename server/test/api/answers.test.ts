import { calls } from "../../../contract/calls";
import { answerDrift } from "../helpers/answers";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

describe("refusal codes", () => {
  it("answer a Spanish refusal with the code the card page decides by", async () => {
    const { qr } = await f.programme();
    await f.join(qr.qr_token, { email: "ana@example.com" });
    const again = await t.post(
      "/wallet-join",
      { qr_token: qr.qr_token, name: "Ana", email: "ANA@example.com", consent: true },
      { headers: { "accept-language": "es" } },
    );
    expect(again.statusCode).toBe(422);
    expect(again.body.code).toBe("card_exists");
    expect(again.body.message).not.toMatch(/already/);
  });

  it("answer the route's own refusals with the common codes", async () => {
    expect((await t.get("/user-profile")).body.code).toBe("unauthenticated");
    expect((await t.post("/login", { email: "nope" })).body.code).toBe("validation");
    expect((await t.get("/no-such-call")).body.code).toBe("not_found");
    const owner = await f.owner();
    expect((await t.post("/delete-business", { id: 999999 }, { token: owner })).body.code).toBe("business_not_found");
  });

  it("answer the public API's problems with a code beside the detail", async () => {
    const res = await t.get("/api/v1/customers");
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, code: "unauthenticated" });
  });
});

describe("the answer check every API test makes", () => {
  const ok = (data: unknown) => ({ statusCode: 200, body: { status: true, message: "", data }, text: "" });

  it("passes an answer the call's schema accepts", () => {
    expect(answerDrift(calls.staffSettings, ok({ staff_may_adjust: true }))).toBeNull();
    expect(answerDrift(calls.health, ok(null))).toBeNull();
  });

  it("fails a success whose data drifted from the call's answer", () => {
    expect(answerDrift(calls.staffSettings, ok({ staff_may_adjust: "yes" }))).toMatch(/staff_may_adjust/);
    expect(answerDrift(calls.health, ok({ database: "up" }))).toMatch(/does not match/);
  });

  it("fails a refusal without a code, or with one the call does not declare", () => {
    const refused = (code?: string) => ({
      statusCode: 422,
      body: { status: false, message: "No.", data: null, ...(code && { code }) },
      text: "",
    });
    expect(answerDrift(calls.walletJoin, refused())).toMatch(/without a code/);
    expect(answerDrift(calls.walletJoin, refused("coupon_expired"))).toMatch(/coupon_expired/);
    expect(answerDrift(calls.walletJoin, refused("card_exists"))).toBeNull();
    expect(answerDrift(calls.walletJoin, refused("validation"))).toBeNull();
  });
});
