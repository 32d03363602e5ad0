import { serverKind } from "../../src/kinds";
import { translator } from "../../src/i18n";
import { boostedEarn } from "../../src/modules/loyalty/engine/boost";
import { levelAfterEarn, levelAt, levelProgress, type LevelReward } from "../../src/modules/loyalty/engine/levels";
import { loyaltyObjectPatch } from "../../src/modules/google-wallet/passes";
import { levelText } from "../../src/modules/levels/progress";

// Levels: what each kind's face makes of a level, which level a measure reaches, and how a card's
// level and the way to the next read on its passes.

const LEVELS = [
  { name: "Silver", from: 200, multiplier: 125, bonus: null },
  { name: "Gold", from: 500, multiplier: 150, bonus: null },
];
const points: LevelReward = { kind: "points", levels: LEVELS, levelBasis: "points", levelPeriod: "lifetime" };

describe("a kind's level boost", () => {
  it("multiplies a points earn, adds a stamp level's bonus stamps, and gives cashback and prepaid visits none", () => {
    expect(serverKind("points").levelBoost({ multiplier: 150, bonus: null })).toEqual({ multiplier: 150, bonus: null });
    expect(serverKind("stamps").levelBoost({ multiplier: null, bonus: 2 })).toEqual({ multiplier: null, bonus: 2 });
    expect(serverKind("cashback").levelBoost({ multiplier: 150, bonus: null })).toBeNull();
    expect(serverKind("multipass").levelBoost({ multiplier: null, bonus: 2 })).toBeNull();
  });

  it("combines with a happy hour: the level first, then the promotion on top", () => {
    const promotion = {
      id: 1,
      rewardId: 1,
      multiplier: "2",
      bonus: null,
      weekdays: [1],
      startTime: "00:00",
      endTime: "24:00",
      startsOn: null,
      endsOn: null,
    };
    const level = serverKind("points").levelBoost({ multiplier: 150, bonus: null });
    expect(boostedEarn(serverKind("points"), 10, { level, promotions: [promotion] }).earned).toBe(30);
    const stampLevel = serverKind("stamps").levelBoost({ multiplier: null, bonus: 1 });
    expect(boostedEarn(serverKind("stamps"), 1, { level: stampLevel, promotions: [] }).earned).toBe(2);
  });
});

describe("a card's level", () => {
  it("is the highest level the measure reaches", () => {
    expect(levelAt(LEVELS, 199)).toBeNull();
    expect(levelAt(LEVELS, 200)?.name).toBe("Silver");
    expect(levelAt(LEVELS, 10_000)?.name).toBe("Gold");
  });

  it("counts the earn that crosses, and an earn never lowers it", () => {
    expect(levelAfterEarn(points, null, 150, { base: 50, amount: null }).level?.name).toBe("Silver");
    expect(levelAfterEarn(points, null, 150, { base: 49, amount: null }).level).toBeNull();
    expect(levelAfterEarn(points, "Gold", 10, { base: 1, amount: null })).toEqual({
      level: LEVELS[1],
      boost: { multiplier: 150, bonus: null },
    });
    const spend: LevelReward = { ...points, levelBasis: "spend" };
    expect(levelAfterEarn(spend, null, 0, { base: 1, amount: 300 }).level?.name).toBe("Silver");
    const visits: LevelReward = { ...points, levelBasis: "visits" };
    expect(levelAfterEarn(visits, null, 199, { base: 1_000, amount: null }).level?.name).toBe("Silver");
  });

  it("answers the next level and what is left, in money for spend; null without levels", () => {
    expect(levelProgress(points, null, 120, null)).toEqual({ name: null, next: "Silver", to_next: 80 });
    expect(levelProgress(points, "Gold", 900, null)).toEqual({ name: "Gold", next: null, to_next: null });
    const bySpend = LEVELS.map((l) => ({ ...l, from: l.from * 100 }));
    expect(levelProgress({ ...points, levels: bySpend, levelBasis: "spend" }, "Silver", 25_050, "EUR")).toEqual({
      name: "Silver",
      next: "Gold",
      to_next: "249.50",
    });
    expect(levelProgress({ ...points, levels: [] }, null, 5, null)).toBeNull();
  });
});

describe("the level on a pass", () => {
  const view = {
    progress: { name: "Silver", next: "Gold", to_next: 275 },
    reward: { kind: "points" as const, levelBasis: "points", stampsRequired: 0 },
    currency: "EUR",
  };

  it("reads in the programme's words and the card's language", () => {
    expect(levelText(view, translator("en"))).toBe("Silver · 275 points to Gold");
    expect(
      levelText(
        {
          ...view,
          progress: { name: null, next: "Silver", to_next: 3 },
          reward: { kind: "stamps", levelBasis: "visits", stampsRequired: 10 },
        },
        translator("en"),
      ),
    ).toBe("3 visits to Silver");
    expect(levelText({ ...view, progress: { name: "Gold", next: null, to_next: null } }, translator("de"))).toBe(
      "Gold",
    );
    expect(levelText(view, translator("fr"))).toBe("Silver · 275 points avant Gold");
  });

  it("is a text module of the Google object", () => {
    const patch = loyaltyObjectPatch({
      stamps: 300,
      reward: { title: "Free cake", stampsRequired: 0 },
      terms: { kind: "points", stampsRequired: null, currency: "EUR", options: [] },
      locale: "en",
      vouchers: [],
      level: view,
    });
    expect(patch.textModulesData).toContainEqual({ id: "level", header: "Level", body: "Silver · 275 points to Gold" });
  });
});
