import {
  decide,
  expiryDue,
  type CardRow,
  type CardState,
  type RewardRow,
} from "../../src/modules/loyalty/engine/rules";

// The expire and referral changes of a card (issue 23 §5, §6) at their edges.

const NOW = new Date("2026-03-10T15:00:00Z");
const DAY = 86_400_000;

const reward = (over: Partial<RewardRow> = {}): RewardRow => ({
  id: 10,
  userId: 1,
  businessId: 2,
  title: "Free coffee",
  description: "",
  kind: "stamps",
  stampsRequired: 5,
  pointsPerVisit: 0,
  pointsPerUnit: 0,
  cashbackBasisPoints: 0,
  cashbackTiers: [],
  expireAfterDays: 30,
  referralBonus: null,
  productCategoryId: null,
  cooldownMinutes: 60,
  dailyCap: 1,
  active: true,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const card = (over: Partial<CardRow> = {}): CardRow => ({
  id: 100,
  userId: 1,
  businessId: 2,
  customerId: 3,
  rewardId: 10,
  serial: "LC-0000-0000-0001",
  stamps: 4,
  lifetimeStamps: 4,
  lifetimeSpend: 0,
  referralCode: null,
  referredByCardId: null,
  referralRewardedAt: null,
  rewardsRedeemed: 0,
  lastSelfStampAt: null,
  lastVisitAt: new Date(NOW.getTime() - 30 * DAY),
  lastCounterWindow: null,
  stampDay: "2026-03-10",
  stampsToday: 9,
  selfStampsToday: 1,
  flaggedAt: null,
  flagReason: null,
  alertDay: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const state = (c: CardRow, r: RewardRow | null): CardState => ({
  card: c,
  reward: r,
  day: { now: NOW, today: "2026-03-10", tomorrow: new Date("2026-03-11T00:00:00Z") },
  fraudThreshold: 5,
});

describe("expire", () => {
  it("is due on the day the days are up, not a millisecond before", () => {
    expect(expiryDue(card(), reward(), NOW)).toBe(true);
    expect(expiryDue(card({ lastVisitAt: new Date(NOW.getTime() - 30 * DAY + 1) }), reward(), NOW)).toBe(false);
  });

  it("takes the whole balance to 0 with a history delta, and is no visit", () => {
    const d = decide(state(card(), reward()), { kind: "expire" });
    expect(d).toMatchObject({ action: "expire", delta: -4, visit: false, flag: false, selfStamp: false });
    expect(d.action === "expire" && d.values).toMatchObject({ stamps: 0, lifetimeStamps: 4, stampsToday: 9 });
  });

  it("writes nothing for cashback, no expiry, an empty card or no programme", () => {
    for (const s of [
      state(card(), reward({ kind: "cashback" })),
      state(card(), reward({ expireAfterDays: null })),
      state(card({ stamps: 0 }), reward()),
      state(card(), null),
    ]) {
      expect(decide(s, { kind: "expire" })).toEqual({ action: "wait", nextAt: null });
    }
    expect(decide(state(card(), reward({ kind: "points" })), { kind: "expire" }).action).toBe("expire");
  });
});

describe("referral", () => {
  it("adds the bonus without counting it toward the day or the fraud threshold", () => {
    // 9 stamps today against a threshold of 5: a bonus still raises no alert.
    const d = decide(state(card(), reward()), { kind: "referral", bonus: 1 });
    expect(d).toMatchObject({ action: "referral", delta: 1, visit: false, flag: false });
    expect(d.action === "referral" && d.values).toMatchObject({ stamps: 5, stampsToday: 9, alertDay: null });
  });

  it("writes nothing for a bonus of 0, a cashback programme or no programme", () => {
    expect(decide(state(card(), reward()), { kind: "referral", bonus: 0 }).action).toBe("wait");
    expect(decide(state(card(), reward({ kind: "cashback" })), { kind: "referral", bonus: 5 }).action).toBe("wait");
    expect(decide(state(card(), null), { kind: "referral", bonus: 1 }).action).toBe("wait");
  });
});
