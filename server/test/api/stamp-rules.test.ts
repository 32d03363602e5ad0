import { sql } from "drizzle-orm";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The rules of a customer's own scan: which reward's cooldown counts, and when nothing may stamp
// (issue 18 §1 "cooldown bypass"; issue 15 points 2 and 3).
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const stampsOf = async (serial: string) =>
  Number((await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps);

const scanCount = async () => Number((await t.query<{ n: number }>(sql`select count(*)::int as n from scans`))[0]!.n);

describe("the cooldown is the card's reward's", () => {
  it("a second code on a 0-minute reward does not stamp a 60-minute card again", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 60, title: "Free coffee" });
    const quick = await f.addReward(token, business.id, { cooldown_minutes: 0, title: "Free cookie" });
    const second = await f.generateQr(token, business.id, { reward_id: quick.id, label: "Door" });
    const joined = await f.join(qr.qr_token);
    for (let i = 0; i < 5; i++) {
      const res = await f.selfScan(second.qr_token, [joined.secret]);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ action: "wait", stamps: 1, reward_title: "Free coffee" });
    }
    expect(await stampsOf(joined.card.serial)).toBe(1);
    // Once the card's own cooldown has passed, that code stamps the card once, for the card's reward.
    await t.query(
      sql`update cards set last_self_stamp_at = now() - interval '61 minutes' where serial = ${joined.card.serial}`,
    );
    expect((await f.selfScan(second.qr_token, [joined.secret])).body.data).toMatchObject({
      action: "stamp",
      stamps: 2,
      stamps_required: 5,
      reward_title: "Free coffee",
    });
    expect((await f.selfScan(second.qr_token, [joined.secret])).body.data.action).toBe("wait");
    // The card page shows the card's reward and when its next stamp is possible.
    const card = await t.get<{ reward_title: string; next_stamp_at: string }>("/wallet-card", {
      query: { qr_token: second.qr_token },
      headers: f.cardHeaders([joined.secret]),
    });
    expect(card.body.data.reward_title).toBe("Free coffee");
    expect(Date.parse(card.body.data.next_stamp_at) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it("with the business's reward removed, a self-scan is refused like a join and writes nothing", async () => {
    const { token, reward, qr } = await f.programme({ cooldown_minutes: 0 });
    const joined = await f.join(qr.qr_token);
    await t.post("/remove-reward", { id: reward.id }, { token });
    const scansBefore = await scanCount();
    for (let i = 0; i < 3; i++) {
      const res = await f.selfScan(qr.qr_token, [joined.secret]);
      expectInvalid(res, ["code"]);
      expect(res.body.message).toBe("This business has no stamp card running at the moment.");
    }
    expect(await stampsOf(joined.card.serial)).toBe(1);
    expect(await scanCount()).toBe(scansBefore);
    // The next programme starts from the stamps the card really earned.
    await f.addReward(
      token,
      (
        await t.query<{ business_id: number }>(sql`select business_id from cards where serial = ${joined.card.serial}`)
      )[0]!.business_id,
      { cooldown_minutes: 0, title: "Free tea" },
    );
    expect((await f.selfScan(qr.qr_token, [joined.secret])).body.data).toMatchObject({
      action: "stamp",
      stamps: 2,
      reward_title: "Free tea",
    });
  });
});
