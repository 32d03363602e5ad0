import {
  decide,
  type CardRow,
  type CardState,
  type Change,
  type RewardRow,
} from "../../src/modules/loyalty/engine/rules";
import { MAX_BALANCE } from "../../src/modules/loyalty/engine/earn";

// An order from outside (the public API, a till) earns as a staff scan and never
// redeems; its refund takes back what it earned, never below zero. Pure rules at their edges.

const NOW = new Date("2026-03-10T15:00:00Z");
const day = { now: NOW, today: "2026-03-10", tomorrow: new Date("2026-03-11T00:00:00Z") };

const reward = (over: Partial<RewardRow> = {}): RewardRow => ({
  id: 10,
  userId: 1,
  businessId: 2,
  title: "Free coffee",
  description: "",
  kind: "stamps",
  stampsRequired: 5,
  pointsPerVisit: 0,
  pointsPerUnit: "0",
  cashbackBasisPoints: 0,
  cashbackTiers: [],
  levels: [],
  levelBasis: "points",
  levelPeriod: "lifetime",
  expireAfterDays: null,
  expiryFrom: null,
  referralBonus: null,
  referralFriendBonus: null,
  referralTrigger: "first_visit",
  cooldownMinutes: 60,
  dailyCap: 1,
  active: true,
  cost: null,
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
  stamps: 1,
  lifetimeStamps: 1,
  lifetimeSpend: 0,
  referralCode: null,
  referredByCardId: null,
  referralRewardedAt: null,
  referralSettledAt: null,
  rewardsRedeemed: 0,
  level: null,
  lastSelfStampAt: NOW,
  lastVisitAt: NOW,
  earnedAt: NOW,
  lastCounterWindow: null,
  stampDay: day.today,
  stampsToday: 0,
  selfStampsToday: 1,
  flaggedAt: null,
  flagReason: null,
  alertDay: null,
  locale: null,
  consentEmailAt: null,
  consentEmailSource: null,
  consentSmsAt: null,
  consentSmsSource: null,
  emailOptOutAt: null,
  smsOptOutAt: null,
  pushOptOutAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const state = (c: Partial<CardRow> = {}, r: Partial<RewardRow> | null = {}, fraudThreshold = 5): CardState => ({
  card: card(c),
  reward: r === null ? null : reward(r),
  unit: r?.kind ?? "stamps",
  currency: "EUR",
  maxPurchase: 1_000_000,
  day,
  fraudThreshold,
});

const points: Partial<RewardRow> = { kind: "points", stampsRequired: 0, pointsPerVisit: 10, pointsPerUnit: "2" };
const cashback: Partial<RewardRow> = {
  kind: "cashback",
  stampsRequired: 0,
  cashbackBasisPoints: 500,
  cashbackTiers: [{ fromMinor: 10_000, basisPoints: 1_000 }],
};
const order = (over: Partial<Extract<Change, { kind: "earn" }>> = {}): Change => ({
  kind: "earn",
  source: "shopify",
  orderId: "1001",
  ...over,
});
const refund = (earned: number, unit: RewardRow["kind"], amount: number | null = null): Change => ({
  kind: "refund",
  source: "shopify",
  orderId: "1001",
  earned,
  unit,
  amount,
});

describe("an order's earn", () => {
  it("on stamps: one stamp per order, or the stamps sent; never a redeem, whatever the cooldown and cap", () => {
    expect(decide(state({ stamps: 1 }), order())).toMatchObject({ action: "stamp", delta: 1, values: { stamps: 2 } });
    expect(decide(state({ stamps: 2 }), order({ stamps: 3 }))).toMatchObject({ delta: 3, values: { stamps: 5 } });
    // A full card keeps collecting: the reward is redeemed at the counter, not by an order.
    expect(decide(state({ stamps: 5 }), order())).toMatchObject({ action: "stamp", values: { stamps: 6 } });
  });

  it("on stamps: refuses a stamp count that is not a whole number from 1", () => {
    for (const stamps of [0, -1, 1.5]) {
      expect(decide(state(), order({ stamps }))).toMatchObject({ action: "refuse", field: "stamps" });
    }
  });

  it("on points: the visit's points plus points per whole unit of the amount; stamps are refused", () => {
    expect(decide(state({ stamps: 0 }, points), order({ amount: "12.99" }))).toMatchObject({
      delta: 10 + 25, // 12.99 × 2 points, rounded down
      amount: 1299,
      values: { lifetimeSpend: 1299 },
    });
    expect(decide(state({ stamps: 0 }, points), order())).toMatchObject({ delta: 10, amount: null });
    expect(decide(state({}, points), order({ stamps: 2 }))).toMatchObject({ action: "refuse", field: "stamps" });
    expect(decide(state({}, { ...points, pointsPerVisit: 0 }), order())).toMatchObject({
      action: "refuse",
      field: "amount",
    });
  });

  it("on cashback: by the tier reached before this order; an amount is required and above 0", () => {
    expect(decide(state({ stamps: 0, lifetimeSpend: 9_999 }, cashback), order({ amount: "20.00" }))).toMatchObject({
      delta: 100,
      values: { lifetimeSpend: 11_999 },
    });
    expect(decide(state({ stamps: 0, lifetimeSpend: 10_000 }, cashback), order({ amount: "20.00" }))).toMatchObject({
      delta: 200,
    });
    expect(decide(state({}, cashback), order())).toMatchObject({ action: "refuse", field: "amount" });
    expect(decide(state({}, cashback), order({ amount: "0" }))).toMatchObject({ action: "refuse", field: "amount" });
    expect(decide(state({}, cashback), order({ amount: "1.001" }))).toMatchObject({
      action: "refuse",
      field: "amount",
    });
  });

  it("counts toward the fraud threshold as staff stamps do (each stamp sent), and flags once", () => {
    expect(decide(state({ stampsToday: 5 }), order())).toMatchObject({ flag: true, values: { stampsToday: 6 } });
    expect(decide(state({ stampsToday: 3 }), order({ stamps: 3 }))).toMatchObject({ flag: true });
    expect(decide(state({ stampsToday: 6, alertDay: day.today }), order())).toMatchObject({ flag: false });
  });

  it("is refused past the largest balance, and with no active programme", () => {
    expect(decide(state({ stamps: MAX_BALANCE }, points), order())).toMatchObject({ action: "refuse" });
    expect(decide(state({}, null), order())).toEqual({ action: "refuse" });
  });
});

describe("an order's refund", () => {
  it("takes back what the order earned, and the purchase from the lifetime spend", () => {
    expect(decide(state({ stamps: 40, lifetimeSpend: 2_000 }, points), refund(34, "points", 1_299))).toMatchObject({
      action: "adjust",
      delta: -34,
      visit: false,
      values: { stamps: 6, lifetimeSpend: 701 },
    });
  });

  it("never below zero: a balance already spent gives back what is left", () => {
    expect(decide(state({ stamps: 3 }, points), refund(34, "points"))).toMatchObject({
      delta: -3,
      values: { stamps: 0 },
    });
    expect(decide(state({ stamps: 0, lifetimeSpend: 0 }, points), refund(34, "points", 100))).toEqual({
      action: "wait",
      nextAt: null,
    });
  });

  it("takes nothing from a balance now in another unit, and works with no active programme", () => {
    expect(decide(state({ stamps: 9 }, points), refund(2, "stamps"))).toEqual({ action: "wait", nextAt: null });
    const retired = { ...state({ stamps: 4 }, null), unit: "stamps" as const };
    expect(decide(retired, refund(1, "stamps"))).toMatchObject({ delta: -1, values: { stamps: 3 } });
  });

  it("never counts toward the fraud threshold", () => {
    expect(decide(state({ stamps: 4, stampsToday: 9 }), refund(1, "stamps"))).toMatchObject({ flag: false });
  });
});
