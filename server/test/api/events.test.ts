import { sql } from "drizzle-orm";
import { seedPlans } from "../../src/seed/plans";
import type { DomainEvent } from "../../src/services/events";
import { createTestApp, uniqueEmail, type TestApp } from "../helpers/app";
import { jobsOf } from "../helpers/jobs";
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
  const types = [
    "card.joined",
    "card.changed",
    "reward.redeemed",
    "payment.succeeded",
    "payment.failed",
    "staff.joined",
  ] as const;
  t.app.events.on(types, "test", async (event) => void seen.push(event));
});
afterAll(() => t.close());

async function eventsOf(run: () => Promise<unknown>) {
  seen.length = 0;
  await run();
  await t.app.settle();
  return seen.map(({ type }) => type);
}

describe("the event bus", () => {
  it("runs each listener as a job of its own, only for its type, and one failure does not stop the others", async () => {
    const got: string[] = [];
    t.app.events.on("staff.joined", "test-failing", async () => {
      throw new Error("listener failed");
    });
    t.app.events.on("staff.joined", "test-working", async (event) => void got.push(event.name));
    t.app.events.on("card.joined", "test-other-type", async () => void got.push("wrong type"));
    await t.app.events.emit(t.database.db, { type: "staff.joined", ownerId: 1, staffUserId: 2, name: "Sam" });
    // Nothing ran yet: the emit only wrote a job per listener.
    expect(got).toEqual([]);
    const jobs = (await jobsOf(t.query, "event.test-%")).filter((j) => (j.data as { name?: string }).name === "Sam");
    expect(jobs.map((j) => j.name).sort()).toEqual(["event.test-failing", "event.test-working"]);
    await t.app.settle();
    expect(got).toEqual(["Sam"]);
  });
  it("writes a listener's job only when its `when` holds, from an emit and from the card engine's statement", async () => {
    const ran: number[] = [];
    const chosen = await f.programme();
    const other = await f.programme();
    t.app.events.on(["staff.joined", "card.changed"], "test-when", async (e) => void ran.push(e.ownerId), {
      when: (event) => sql`(${event}->>'businessId')::int = ${chosen.business.id} or (${event}->>'name') = 'Chosen'`,
    });
    const jobs = async () => (await jobsOf(t.query, "event.test-when")).length;

    await t.app.events.emit(t.database.db, { type: "staff.joined", ownerId: 7, staffUserId: 8, name: "Other" });
    expect(await jobs()).toBe(0);
    await t.app.events.emit(t.database.db, { type: "staff.joined", ownerId: 7, staffUserId: 8, name: "Chosen" });
    expect(await jobs()).toBe(1);

    const otherCard = await f.join(other.qr.qr_token);
    await f.staffScan(other.token, otherCard.card.serial);
    expect(await jobs()).toBe(1);
    const chosenCard = await f.join(chosen.qr.qr_token);
    await f.staffScan(chosen.token, chosenCard.card.serial);
    expect(await jobs()).toBe(2);
    await t.app.settle();
    expect(ran).toHaveLength(2);
  });

  it("writes no webhook job for an owner without an endpoint, and no pass update for a card in no Wallet", async () => {
    const { token, qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const jobs = async () => (await jobsOf(t.query, ["event.webhooks", "event.apple-pass"])).length;
    const before = await jobs();
    await f.staffScan(token, joined.card.serial);
    expect(await jobs()).toBe(before);
    await t.app.settle();
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
