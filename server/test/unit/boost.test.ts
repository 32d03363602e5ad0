import { serverKind } from "../../src/kinds";
import { boostedEarn, inWindow, runsOn, type PromotionRule } from "../../src/modules/loyalty/engine/boost";

const rule = (fields: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 1,
  rewardId: 1,
  multiplier: "2",
  bonus: null,
  weekdays: [2],
  startTime: "16:00",
  endTime: "18:00",
  startsOn: null,
  endsOn: null,
  ...fields,
});

// 2026-12-01 is a Tuesday (weekday 2).
const tuesdayAt = (time: string) => ({ date: "2026-12-01", weekday: 2, time });

describe("a happy hour's window", () => {
  it("runs from its start up to, not at, its end, on its weekdays only", () => {
    expect(inWindow(rule(), tuesdayAt("15:59"))).toBe(false);
    expect(inWindow(rule(), tuesdayAt("16:00"))).toBe(true);
    expect(inWindow(rule(), tuesdayAt("17:59"))).toBe(true);
    expect(inWindow(rule(), tuesdayAt("18:00"))).toBe(false);
    expect(inWindow(rule(), { date: "2026-12-02", weekday: 3, time: "17:00" })).toBe(false);
  });

  it("runs until midnight when it ends at 24:00", () => {
    expect(inWindow(rule({ endTime: "24:00" }), tuesdayAt("23:59"))).toBe(true);
  });

  it("runs only between its first and last day, both included", () => {
    const dated = rule({ startsOn: "2026-12-01", endsOn: "2026-12-08" });
    expect(runsOn(dated, { date: "2026-11-24", weekday: 2 })).toBe(false);
    expect(runsOn(dated, { date: "2026-12-01", weekday: 2 })).toBe(true);
    expect(runsOn(dated, { date: "2026-12-08", weekday: 2 })).toBe(true);
    expect(runsOn(dated, { date: "2026-12-15", weekday: 2 })).toBe(false);
  });
});

describe("boostedEarn", () => {
  const points = serverKind("points");
  const stamps = serverKind("stamps");

  it("takes the one promotion that earns the most, rounding a multiplied earn down", () => {
    const double = rule({ id: 1, multiplier: "2" });
    const bonus = rule({ id: 2, multiplier: null, bonus: 5 });
    expect(boostedEarn(points, 3, { level: null, promotions: [double, bonus] })).toEqual({
      earned: 8,
      promotion: bonus,
      extra: 5,
    });
    expect(boostedEarn(points, 10, { level: null, promotions: [double, bonus] })).toEqual({
      earned: 20,
      promotion: double,
      extra: 10,
    });
    expect(boostedEarn(points, 3, { level: null, promotions: [rule({ multiplier: "1.5" })] }).earned).toBe(4);
  });

  it("applies the level first, then the promotion on the level's earn; the promotion's extra is over the level's", () => {
    expect(
      boostedEarn(points, 10, { level: { multiplier: 150, bonus: null }, promotions: [rule({ multiplier: "2" })] }),
    ).toMatchObject({ earned: 30, extra: 15 });
  });

  it("adds only a bonus to stamps, and nothing to a visit that earns nothing", () => {
    expect(boostedEarn(stamps, 1, { level: null, promotions: [rule({ multiplier: "3", bonus: 1 })] }).earned).toBe(2);
    expect(boostedEarn(points, 0, { level: null, promotions: [rule({ bonus: 5 })] })).toEqual({
      earned: 0,
      promotion: null,
      extra: 0,
    });
  });
});
