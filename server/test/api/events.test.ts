import { sql } from "drizzle-orm";
import { seedPlans } from "../../src/db/seed/plans";
import { createEvents, type DomainEvent } from "../../src/services/events";
import { createTestApp, uniqueEmail, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { ownerPayingStarter } from "../helpers/payments";

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
const seen: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  await seedPlans(t.database.db);
  for (const type of [
    "card.joined",
    "card.changed",
    "reward.redeemed",
    "payment.succeeded",
    "payment.failed",
    "staff.joined",
  ] as const) {
    t.app.events.on(type, async (event) => void seen.push(event));
  }
});
afterAll(() => t.close());

async function eventsOf(run: () => Promise<unknown>) {
  seen.length = 0;
  await run();
  await t.app.settle();
  return seen.map(({ type }) => type);
}

describe("the event bus", () => {
  it("runs each listener deferred, only for its type, and one failure does not stop the others", async () => {
    const deferred: (() => Promise<unknown>)[] = [];
    const events = createEvents((task) => deferred.push(task));
    const got: string[] = [];
    events.on("staff.joined", async () => {
      throw new Error("listener failed");
    });
    events.on("staff.joined", async (event) => void got.push(event.name));
    events.on("card.joined", async () => void got.push("wrong type"));
    events.emit({ type: "staff.joined", ownerId: 1, staffUserId: 2, name: "Sam" });
    expect(got).toEqual([]);
    expect(deferred).toHaveLength(2);
    await expect(deferred[0]!()).rejects.toThrow("listener failed");
    await deferred[1]!();
    expect(got).toEqual(["Sam"]);
  });
});

describe("the domain emits", () => {
  it("a join, self-scan stamps (not a wait), staff stamps and a redeem", async () => {
    const { token, qr, business } = await f.programme({ stamps_required: 2, cooldown_minutes: 60 });
    let joined!: Awaited<ReturnType<typeof f.join>>;
    expect(await eventsOf(async () => (joined = await f.join(qr.qr_token)))).toEqual(["card.joined"]);
    const [card] = await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`);
    expect(seen[0]).toMatchObject({ businessId: business.id, cardId: card!.id });
    expect(await eventsOf(() => f.selfScan(qr.qr_token, [joined.secret]))).toEqual([]);
    expect(await eventsOf(() => f.staffScan(token, joined.card.serial))).toEqual(["card.changed"]);
    expect(await eventsOf(() => f.staffScan(token, joined.card.serial))).toEqual(["card.changed", "reward.redeemed"]);
    expect(seen[1]).toMatchObject({ type: "reward.redeemed", rewardTitle: "Free coffee", cardId: card!.id });
  });

  it("a staff member joining, a payment that succeeds and one that fails", async () => {
    const token = await f.owner();
    expect(await eventsOf(() => f.staffOf(token, uniqueEmail("staff")))).toEqual(["staff.joined"]);
    expect(seen[0]).toMatchObject({ name: "Sam Staff" });

    const { user, charge } = await ownerPayingStarter(t);
    expect(await eventsOf(() => charge("pm_card_visa_chargeDeclined"))).toEqual(["payment.failed"]);
    expect(seen[0]).toMatchObject({ ownerId: user.id, amountMinor: 1900, reason: "Your card was declined." });
    expect(await eventsOf(() => charge("pm_card_visa"))).toEqual(["payment.succeeded"]);
    expect(seen[0]).toMatchObject({ ownerId: user.id, amountMinor: 1900, currency: "USD" });
  });
});
