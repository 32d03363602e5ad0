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
  type RewardRow,
} from "../../src/modules/loyalty/engine/rules";

// The card engine's rules (issue 23 §1), each at its edges: pure functions of a locked card.

const NOW = new Date("2026-03-10T15:00:00Z");
const day: DayBounds = { now: NOW, today: "2026-03-10", tomorrow: new Date("2026-03-11T00:00:00Z") };
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const reward = (over: Partial<RewardRow> = {}): RewardRow => ({
  id: 10,
  userId: 1,
  businessId: 2,
  title: "Free coffee",
  description: "",
  stampsRequired: 5,
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
  stamps: 1,
  lifetimeStamps: 1,
  rewardsRedeemed: 0,
  lastSelfStampAt: null,
  lastVisitAt: NOW,
  lastCounterWindow: null,
  stampDay: day.today,
  stampsToday: 0,
  selfStampsToday: 0,
  flaggedAt: null,
  flagReason: null,
  alertDay: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const state = (c: Partial<CardRow> = {}, r: Partial<RewardRow> | null = {}, fraudThreshold = 5): CardState => ({
  card: card(c),
  reward: r === null ? null : reward(r),
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
      values: {
        stamps: 1,
        lifetimeStamps: 1,
        rewardsRedeemed: 0,
        rewardId: 10,
        lastCounterWindow: 7,
        stampDay: day.today,
        stampsToday: 1,
        selfStampsToday: 1,
        alertDay: null,
      },
      flag: null,
    });
    expect(joinAlert(4)).toBe("4 cards joined from one device in 10 minutes.");
    expect(joinDecision(reward(), day.today, null, 4).values.alertDay).toBe(day.today);
  });
});
