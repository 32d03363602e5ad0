import {
  chooseReward,
  crossesFraudThreshold,
  dayCounters,
  decide,
  joinAlert,
  joinDecision,
  nextStampAt,
  type CardRow,
  type CardState,
  type DayBounds,
  type RedeemOption,
  type RewardRow,
} from "../../src/modules/loyalty/engine/rules";
import {
  cashbackEarned,
  cashbackRate,
  expiresAt,
  MAX_BALANCE,
  pointsEarned,
  restartsExpiry,
} from "../../src/modules/loyalty/engine/earn";
import type { Decision } from "../../src/modules/loyalty/engine/types";
import { inEnglish } from "../../src/i18n/sentence";

// The card engine's rules, each at its edges: pure functions of a locked card.

/** A refusal with its sentence said in English, as the API's English answer reads. */
const inWords = (decision: Decision) =>
  decision.action === "refuse" && decision.message ? { ...decision, message: inEnglish(decision.message) } : decision;

const NOW = new Date("2026-03-10T15:00:00Z");
const day: DayBounds = { now: NOW, today: "2026-03-10", tomorrow: new Date("2026-03-11T00:00:00Z") };
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

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
  lastSelfStampAt: null,
  lastVisitAt: NOW,
  earnedAt: NOW,
  lastCounterWindow: null,
  stampDay: day.today,
  stampsToday: 0,
  selfStampsToday: 0,
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

const staff = { kind: "staff-scan", staffUserId: 7 } as const;
const self = (counterWindow: number | null = null) =>
  ({ kind: "self-scan", qr: { id: 4, addressId: null }, counterWindow }) as const;
const correction = (delta: number) => ({ kind: "correction", delta, actorUserId: 7, reason: "test" }) as const;

describe("the cooldown", () => {
  it("waits until exactly the cooldown's end, and stamps from then on", () => {
    const cooling = { lastSelfStampAt: minutes(-59), selfStampsToday: 0 };
    expect(decide(state(cooling, { dailyCap: 0 }), self())).toEqual({ action: "wait", nextAt: minutes(1) });
    const cooled = { lastSelfStampAt: minutes(-60), selfStampsToday: 0 };
    expect(decide(state(cooled, { dailyCap: 0 }), self())).toMatchObject({ action: "stamp", selfStamp: true });
  });

  it("of 0 minutes never waits; staff scans ignore it", () => {
    expect(decide(state({ lastSelfStampAt: NOW }, { cooldownMinutes: 0, dailyCap: 0 }), self()).action).toBe("stamp");
    expect(decide(state({ lastSelfStampAt: NOW }), staff).action).toBe("stamp");
  });
});

describe("the daily cap and the daily reset", () => {
  it("past the cap, the next self-scan waits for the business's next day", () => {
    const capped = { selfStampsToday: 2, lastSelfStampAt: minutes(-120) };
    expect(decide(state(capped, { dailyCap: 2 }), self())).toEqual({ action: "wait", nextAt: day.tomorrow });
    expect(decide(state({ ...capped, selfStampsToday: 1 }, { dailyCap: 2 }), self()).action).toBe("stamp");
  });

  it("counters of yesterday count as zero today: the cap opens on the day boundary", () => {
    const yesterday = { stampDay: "2026-03-09", selfStampsToday: 5, stampsToday: 9, lastSelfStampAt: minutes(-120) };
    expect(dayCounters(card(yesterday), day.today)).toEqual({ stampsToday: 0, selfStampsToday: 0 });
    expect(nextStampAt(card(yesterday), reward({ dailyCap: 1 }), day)).toBeNull();
    const done = decide(state(yesterday, { dailyCap: 1 }), self());
    expect(done).toMatchObject({
      action: "stamp",
      values: { stampDay: day.today, stampsToday: 1, selfStampsToday: 1 },
    });
  });

  it("a staff stamp resets yesterday's self-scan count without adding to it", () => {
    const done = decide(state({ stampDay: "2026-03-09", selfStampsToday: 3, stampsToday: 3 }), staff);
    expect(done).toMatchObject({ values: { stampDay: day.today, stampsToday: 1, selfStampsToday: 0 } });
  });

  it("a cap of 0 means no cap", () => {
    expect(nextStampAt(card({ selfStampsToday: 50 }), reward({ dailyCap: 0, cooldownMinutes: 0 }), day)).toBeNull();
  });
});

describe("a counter code", () => {
  it("stamps a card once: the same window or an older one waits, a newer one stamps", () => {
    const used = { lastCounterWindow: 500, selfStampsToday: 0 };
    const open = { dailyCap: 0, cooldownMinutes: 0 };
    expect(decide(state(used, open), self(500)).action).toBe("wait");
    expect(decide(state(used, open), self(499)).action).toBe("wait");
    expect(decide(state(used, open), self(501))).toMatchObject({ action: "stamp", values: { lastCounterWindow: 501 } });
  });
});

describe("the fraud threshold", () => {
  it("is crossed by the stamp past it, once a day", () => {
    expect(decide(state({ stampsToday: 4 }, {}, 5), staff)).toMatchObject({ flag: false });
    const sixth = decide(state({ stampsToday: 5 }, {}, 5), staff);
    expect(sixth).toMatchObject({ flag: true, values: { stampsToday: 6, alertDay: day.today } });
    expect(decide(state({ stampsToday: 6, alertDay: day.today }, {}, 5), staff)).toMatchObject({ flag: false });
  });

  it("counts again on a new day, whatever alerted yesterday", () => {
    const yesterday = { stampDay: "2026-03-09", stampsToday: 40, alertDay: "2026-03-09" };
    expect(decide(state(yesterday, {}, 5), staff)).toMatchObject({ flag: false, values: { stampsToday: 1 } });
    expect(crossesFraudThreshold({ stampsToday: 6, alertDay: "2026-03-09" }, 5, day.today)).toBe(true);
  });

  it("counts corrections that add, all at once, and never ones that remove or redeems", () => {
    expect(decide(state({ stampsToday: 0 }, {}, 5), correction(6))).toMatchObject({ flag: true, delta: 6 });
    expect(decide(state({ stamps: 9, stampsToday: 9 }, {}, 5), correction(-3))).toMatchObject({
      flag: false,
      delta: -3,
      values: { stampsToday: 9 },
    });
    expect(decide(state({ stamps: 5, stampsToday: 9 }, { stampsRequired: 5 }, 5), staff)).toMatchObject({
      action: "redeem",
      flag: false,
    });
  });
});

describe("redeeming", () => {
  it("happens at exactly the required stamps, and not one before", () => {
    expect(decide(state({ stamps: 4 }, { stampsRequired: 5 }), staff)).toMatchObject({
      action: "stamp",
      delta: 1,
      values: { stamps: 5, lifetimeStamps: 2 },
    });
    expect(decide(state({ stamps: 5, rewardsRedeemed: 2 }, { stampsRequired: 5 }), staff)).toMatchObject({
      action: "redeem",
      delta: -5,
      values: { stamps: 0, lifetimeStamps: 1, rewardsRedeemed: 3 },
    });
  });

  it("keeps the stamps above the requirement", () => {
    expect(decide(state({ stamps: 7 }, { stampsRequired: 5 }), staff)).toMatchObject({ values: { stamps: 2 } });
  });
});

describe("the reward a card collects for", () => {
  const retired = reward({ id: 10, active: false });
  const successor = reward({ id: 12, title: "Free tea" });
  const older = reward({ id: 11 });

  it("is its own while active, even with a newer one running", () => {
    expect(chooseReward([older, successor], 11)).toBe(older);
  });

  it("is the business's newest active one when its own is retired or gone", () => {
    expect(chooseReward([retired, successor], 10)).toBe(successor);
    expect(chooseReward([null, successor], 10)).toBe(successor);
    expect(chooseReward([older, successor], null)).toBe(successor);
  });

  it("is none when nothing is active: scans are refused, corrections still apply", () => {
    expect(chooseReward([retired, null], 10)).toBeNull();
    expect(decide(state({}, null), staff)).toEqual({ action: "refuse" });
    expect(decide(state({}, null), self())).toEqual({ action: "refuse" });
    expect(decide(state({ stamps: 3 }, null), correction(-5))).toMatchObject({ action: "adjust", delta: -3 });
    expect(decide(state({ stamps: 3 }, null), { kind: "expire" })).toEqual({ action: "wait", nextAt: null });
    expect(decide(state({ stamps: 3 }, null), { kind: "referral" })).toEqual({ action: "wait", nextAt: null });
  });

  it("a stamp keeps the card's own reward id; a redeem moves the card to the reward it redeemed", () => {
    expect(decide(state({ rewardId: null }, { id: 12 }), staff)).toMatchObject({ values: { rewardId: 12 } });
    expect(decide(state({ rewardId: 10, stamps: 5 }, { id: 12 }), staff)).toMatchObject({
      action: "redeem",
      values: { rewardId: 12 },
    });
  });
});

describe("a correction", () => {
  it("never takes the stamps below zero, and removing leaves the day's counters alone", () => {
    expect(decide(state({ stamps: 2, stampsToday: 2 }), correction(-5))).toMatchObject({
      delta: -2,
      values: { stamps: 0, stampsToday: 2 },
      visit: false,
    });
  });
});

describe("a join", () => {
  it("is a first stamp, a self-scan of today, flagged past three joins from a device", () => {
    expect(joinDecision(reward(), day.today, 7, 3)).toEqual({
      unit: "stamps",
      values: {
        stamps: 1,
        lifetimeStamps: 1,
        lifetimeSpend: 0,
        rewardsRedeemed: 0,
        rewardId: 10,
        lastCounterWindow: 7,
        stampDay: day.today,
        stampsToday: 1,
        selfStampsToday: 1,
        alertDay: null,
        level: null,
      },
      flag: null,
    });
    expect(joinAlert(4)).toBe("4 cards joined from one device in 10 minutes.");
    expect(joinDecision(reward(), day.today, null, 4).values.alertDay).toBe(day.today);
  });
});

// Programme kinds. Balances in the unit of the reward: points, or cashback's minor units.
const points = (over: Partial<RewardRow> = {}): Partial<RewardRow> => ({
  kind: "points",
  stampsRequired: 0,
  pointsPerVisit: 0,
  pointsPerUnit: "1",
  ...over,
});
const cashback = (over: Partial<RewardRow> = {}): Partial<RewardRow> => ({
  kind: "cashback",
  stampsRequired: 0,
  cashbackBasisPoints: 500,
  ...over,
});
const earn = (amount: string | null) => ({ kind: "staff-scan", staffUserId: 7, amount }) as const;
const option = (over: Partial<RedeemOption> = {}): RedeemOption => ({
  id: 30,
  rewardId: 10,
  title: "Free lunch",
  points: 100,
  active: true,
  ...over,
});
const redeem = (over: { option?: RedeemOption | null; amount?: string }) =>
  ({ kind: "redeem", actorUserId: 7, ...over }) as const;
const inCurrency = (s: CardState, currency: string | null): CardState => ({ ...s, currency });

describe("points earned", () => {
  it("are points per whole 1.00 of the amount, rounded down, plus the visit's", () => {
    expect(pointsEarned({ pointsPerVisit: 0, pointsPerUnit: "1" }, 999, "EUR")).toBe(9);
    expect(pointsEarned({ pointsPerVisit: 0, pointsPerUnit: "1" }, 1000, "EUR")).toBe(10);
    expect(pointsEarned({ pointsPerVisit: 5, pointsPerUnit: "3" }, 1099, "EUR")).toBe(5 + 32);
    expect(pointsEarned({ pointsPerVisit: 0, pointsPerUnit: "1" }, 1999, "JPY")).toBe(1999);
    expect(pointsEarned({ pointsPerVisit: 0, pointsPerUnit: "1" }, 1999, "KWD")).toBe(1);
  });

  it("on a staff scan with an amount: the balance, lifetime totals and one visit toward the day", () => {
    const done = decide(
      state({ stamps: 40, lifetimeStamps: 40, stampsToday: 0 }, points({ pointsPerVisit: 2 })),
      earn("12.99"),
    );
    expect(done).toMatchObject({
      action: "stamp",
      delta: 14,
      unit: "points",
      amount: 1299,
      visit: true,
      values: { stamps: 54, lifetimeStamps: 54, lifetimeSpend: 1299, stampsToday: 1 },
    });
  });

  it("without an amount: the visit's points only, and none to give is a 422 asking for it", () => {
    expect(decide(state({ stamps: 0 }, points({ pointsPerVisit: 3 })), earn(null))).toMatchObject({
      delta: 3,
      amount: null,
      values: { stamps: 3, lifetimeSpend: 0 },
    });
    expect(inWords(decide(state({}, points()), earn(null)))).toEqual({
      action: "refuse",
      field: "amount",
      message: "Enter the purchase amount.",
    });
  });

  it("refuse an amount with more decimals than the currency has, or with no currency set", () => {
    expect(inWords(decide(state({}, points()), earn("1.005")))).toMatchObject({
      action: "refuse",
      message: "Amounts in EUR have at most 2 decimals.",
    });
    expect(inWords(decide(inCurrency(state({}, points()), "JPY"), earn("10.5")))).toMatchObject({
      action: "refuse",
      message: "Amounts in JPY have no decimals.",
    });
    expect(decide(inCurrency(state({}, points()), null), earn("10"))).toMatchObject({
      action: "refuse",
      field: "amount",
    });
  });

  it("stop at the largest balance a card holds: the earn past it is refused", () => {
    expect(decide(state({ stamps: MAX_BALANCE - 10 }, points({ pointsPerVisit: 10 })), earn(null)).action).toBe(
      "stamp",
    );
    expect(decide(state({ stamps: MAX_BALANCE - 9 }, points({ pointsPerVisit: 10 })), earn(null))).toMatchObject({
      action: "refuse",
      field: "amount",
    });
  });

  it("never redeem at the scanner, whatever the balance", () => {
    expect(decide(state({ stamps: 5000 }, points({ pointsPerVisit: 1 })), earn(null))).toMatchObject({
      action: "stamp",
    });
  });

  it("on a self-scan are the visit's points, under the cooldown like a stamp", () => {
    const open = points({ pointsPerVisit: 4, cooldownMinutes: 60, dailyCap: 0 });
    expect(decide(state({ stamps: 10, lastSelfStampAt: minutes(-60) }, open), self())).toMatchObject({
      action: "stamp",
      delta: 4,
      values: { stamps: 14, selfStampsToday: 1 },
    });
    expect(decide(state({ lastSelfStampAt: minutes(-59) }, open), self()).action).toBe("wait");
  });

  it("count one visit toward the fraud threshold, however many points", () => {
    const done = decide(state({ stampsToday: 5 }, points({ pointsPerUnit: "100" }), 5), earn("100"));
    expect(done).toMatchObject({ delta: 10_000, flag: true, values: { stampsToday: 6 } });
    expect(decide(state({ stampsToday: 4 }, points({ pointsPerUnit: "100" }), 5), earn("100"))).toMatchObject({
      flag: false,
    });
  });
});

describe("cashback earned", () => {
  const tiers = [
    { fromMinor: 10_000, basisPoints: 700 },
    { fromMinor: 50_000, basisPoints: 1000 },
  ];

  it("is the rate of the amount in minor units, rounded down; on a 0-decimal currency too", () => {
    expect(decide(state({ stamps: 0 }, cashback()), earn("9.19"))).toMatchObject({
      delta: 45,
      amount: 919,
      values: { stamps: 45, lifetimeSpend: 919 },
    });
    expect(decide(inCurrency(state({ stamps: 0 }, cashback()), "JPY"), earn("999"))).toMatchObject({
      delta: 49,
      amount: 999,
    });
    expect(decide(inCurrency(state({ stamps: 0 }, cashback()), "JPY"), earn("19"))).toMatchObject({ delta: 0 });
  });

  it("takes the tier reached by the lifetime spend before this purchase, from its exact threshold", () => {
    expect(cashbackRate({ cashbackBasisPoints: 500, cashbackTiers: tiers }, 9_999)).toBe(500);
    expect(cashbackRate({ cashbackBasisPoints: 500, cashbackTiers: tiers }, 10_000)).toBe(700);
    expect(cashbackRate({ cashbackBasisPoints: 500, cashbackTiers: tiers }, 50_000)).toBe(1000);
    // This purchase crosses the threshold: it earns at the rate before it, the next one above.
    const before = decide(state({ stamps: 0, lifetimeSpend: 9_999 }, cashback({ cashbackTiers: tiers })), earn("100"));
    expect(before).toMatchObject({ delta: 500, values: { lifetimeSpend: 19_999 } });
    const at = decide(state({ stamps: 0, lifetimeSpend: 10_000 }, cashback({ cashbackTiers: tiers })), earn("100"));
    expect(at).toMatchObject({ delta: 700 });
    expect(cashbackEarned({ cashbackBasisPoints: 500, cashbackTiers: tiers }, 60_000, 999)).toBe(99);
  });

  it("needs the amount on a staff scan; a self-scan records the visit with nothing earned", () => {
    expect(inWords(decide(state({}, cashback()), earn(null)))).toMatchObject({
      action: "refuse",
      message: "Enter the purchase amount.",
    });
    expect(decide(state({ stamps: 120, lastSelfStampAt: null }, cashback({ dailyCap: 0 })), self())).toMatchObject({
      action: "stamp",
      delta: 0,
      visit: true,
      values: { stamps: 120, selfStampsToday: 1, stampsToday: 1 },
    });
  });
});

describe("a stamp card", () => {
  it("ignores an amount, however odd", () => {
    expect(decide(state({ stamps: 1 }), earn("1.23456"))).toMatchObject({ action: "stamp", delta: 1, amount: null });
  });
});

describe("redeeming on card-redeem", () => {
  it("takes an option's points, exactly the balance included, and moves nothing else", () => {
    const done = decide(
      state({ stamps: 100, rewardsRedeemed: 1, stampsToday: 3 }, points()),
      redeem({ option: option() }),
    );
    expect(done).toMatchObject({
      action: "redeem",
      delta: -100,
      unit: "points",
      option: { id: 30 },
      visit: true,
      flag: false,
      values: { stamps: 0, rewardsRedeemed: 2, stampsToday: 3 },
    });
  });

  it("refuses an option above the balance, retired, or of another reward", () => {
    expect(inWords(decide(state({ stamps: 99 }, points()), redeem({ option: option() })))).toEqual({
      action: "refuse",
      field: "option_id",
      message: "The card has only 99 points.",
    });
    for (const other of [option({ active: false }), option({ rewardId: 11 }), null]) {
      expect(inWords(decide(state({ stamps: 500 }, points()), redeem({ option: other })))).toMatchObject({
        action: "refuse",
        field: "option_id",
        message: "This option is not one of this card's rewards.",
      });
    }
  });

  it("takes cashback money up to exactly the balance, and not a cent more", () => {
    expect(decide(state({ stamps: 460 }, cashback()), redeem({ amount: "4.60" }))).toMatchObject({
      action: "redeem",
      delta: -460,
      values: { stamps: 0, rewardsRedeemed: 1 },
    });
    expect(inWords(decide(state({ stamps: 460 }, cashback()), redeem({ amount: "4.61" })))).toEqual({
      action: "refuse",
      field: "amount",
      message: "The card has only €4.60.",
    });
  });

  it("refuses the wrong kind of redeem, and any on a stamp card (the scanner redeems it)", () => {
    expect(decide(state({ stamps: 500 }, points()), redeem({ amount: "1" })).action).toBe("refuse");
    expect(decide(state({ stamps: 500 }, cashback()), redeem({ option: option() })).action).toBe("refuse");
    expect(decide(state({ stamps: 5 }), redeem({ option: option() }))).toMatchObject({
      action: "refuse",
      field: "serial",
    });
  });
});

describe("redeeming a stamp reward with nothing named (the public API's {})", () => {
  it("takes the reward whole once reached, the card's own reward's stamps", () => {
    expect(decide(state({ stamps: 7, rewardsRedeemed: 1 }), redeem({}))).toMatchObject({
      action: "redeem",
      delta: -5,
      unit: "stamps",
      visit: true,
      values: { stamps: 2, rewardsRedeemed: 2 },
    });
  });

  it("refuses a reward not reached yet, and writes nothing", () => {
    expect(inWords(decide(state({ stamps: 4 }), redeem({})))).toEqual({
      action: "refuse",
      field: "_",
      message: "This card's reward is not ready yet.",
    });
  });

  it("leaves points and cashback to their own rules: they name an option or an amount", () => {
    expect(decide(state({ stamps: 500 }, points()), redeem({})).action).toBe("refuse");
    expect(decide(state({ stamps: 500 }, cashback()), redeem({})).action).toBe("refuse");
  });
});

describe("expiry", () => {
  const lapsing = (kind: Partial<RewardRow>) => ({ ...kind, expireAfterDays: 30 });
  const visited = (daysAgo: number, ms = 0) => new Date(NOW.getTime() - daysAgo * 86_400_000 + ms);

  it("lapses stamps or points on the day: exactly the days after the last earn, not a millisecond before", () => {
    const due = decide(state({ stamps: 7, earnedAt: visited(30) }, lapsing({})), { kind: "expire" });
    expect(due).toMatchObject({ action: "expire", delta: -7, visit: false, flag: false, values: { stamps: 0 } });
    const early = decide(state({ stamps: 7, earnedAt: visited(30, 1) }, lapsing({})), { kind: "expire" });
    expect(early).toEqual({ action: "wait", nextAt: new Date(NOW.getTime() + 1) });
    expect(decide(state({ stamps: 250, earnedAt: visited(31) }, lapsing(points())), { kind: "expire" })).toMatchObject({
      action: "expire",
      delta: -250,
      unit: "points",
    });
  });

  it("never lapses cashback, an empty card, or a reward without expiry", () => {
    expect(decide(state({ stamps: 900, earnedAt: visited(400) }, lapsing(cashback())), { kind: "expire" }).action).toBe(
      "wait",
    );
    expect(decide(state({ stamps: 0, earnedAt: visited(400) }, lapsing({})), { kind: "expire" }).action).toBe("wait");
    expect(decide(state({ stamps: 3, earnedAt: visited(400) }), { kind: "expire" })).toEqual({
      action: "wait",
      nextAt: null,
    });
  });

  it("counts whole days from the last earn", () => {
    expect(expiresAt(card({ earnedAt: visited(10) }), reward({ expireAfterDays: 10 }))).toEqual(NOW);
  });

  it("counts from the reward's expiry start when it is later than the last earn", () => {
    const started = reward({ expireAfterDays: 10, expiryFrom: visited(2) });
    expect(expiresAt(card({ earnedAt: visited(50) }), started)).toEqual(visited(-8));
    expect(expiresAt(card({ earnedAt: visited(1) }), started)).toEqual(visited(-9));
    const fresh = decide(state({ stamps: 7, earnedAt: visited(50) }, { expireAfterDays: 10, expiryFrom: visited(2) }), {
      kind: "expire",
    });
    expect(fresh).toEqual({ action: "wait", nextAt: visited(-8) });
  });

  it("restarts the clock on an earn, not on a redeem or a lapse", () => {
    const earned = decide(state({ stamps: 2, earnedAt: visited(5) }), { kind: "staff-scan", staffUserId: 1 });
    expect(earned.action === "stamp" && restartsExpiry(earned)).toBe(true);
    const redeemed = decide(state({ stamps: 5, earnedAt: visited(5) }), { kind: "staff-scan", staffUserId: 1 });
    expect(redeemed.action === "redeem" && !restartsExpiry(redeemed)).toBe(true);
  });
});

describe("the referral bonus", () => {
  it("adds the reward's bonus, or its kind's default: 1 stamp, 10 points; not a visit, not counted", () => {
    expect(decide(state({ stamps: 2, stampsToday: 9 }, {}, 5), { kind: "referral" })).toMatchObject({
      action: "referral",
      delta: 1,
      visit: false,
      flag: false,
      values: { stamps: 3, stampsToday: 9 },
    });
    expect(decide(state({ stamps: 0 }, points()), { kind: "referral" })).toMatchObject({ delta: 10, unit: "points" });
    expect(decide(state({ stamps: 0 }, points({ referralBonus: 25 })), { kind: "referral" })).toMatchObject({
      delta: 25,
    });
    expect(decide(state({ stamps: 0 }, points()), { kind: "referral", bonus: 3 })).toMatchObject({ delta: 3 });
  });

  it("is nothing when turned off (0) or on cashback", () => {
    expect(decide(state({}, points({ referralBonus: 0 })), { kind: "referral" }).action).toBe("wait");
    expect(decide(state({ stamps: 50 }, cashback()), { kind: "referral" }).action).toBe("wait");
  });
});

describe("a successor of another kind", () => {
  it("restarts the balance at 0 in its own unit before the change, lifetime figures kept", () => {
    const moved: CardState = {
      ...state({ stamps: 7, lifetimeStamps: 40, rewardId: 9 }, points({ pointsPerVisit: 5 })),
      unit: "stamps",
    };
    expect(decide(moved, earn(null))).toMatchObject({
      action: "stamp",
      delta: 5,
      unit: "points",
      restart: { title: "Free coffee" },
      values: { stamps: 5, lifetimeStamps: 45, rewardId: 10 },
    });
    expect(decide(moved, correction(-3))).toMatchObject({
      delta: 0,
      restart: { title: "Free coffee" },
      values: { stamps: 0 },
    });
  });

  it("does not restart a card of the same kind", () => {
    expect(decide(state({ stamps: 7 }, points({ pointsPerVisit: 5 })), earn(null))).toMatchObject({
      restart: null,
      values: { stamps: 12 },
    });
  });
});

describe("a join on points or cashback", () => {
  it("earns the visit's points, or nothing on cashback", () => {
    expect(joinDecision(reward(points({ pointsPerVisit: 15 })), day.today, null, 1)).toMatchObject({
      unit: "points",
      values: { stamps: 15, lifetimeStamps: 15, stampsToday: 1 },
    });
    expect(joinDecision(reward(cashback()), day.today, null, 1)).toMatchObject({
      unit: "cashback",
      values: { stamps: 0 },
    });
  });
});
