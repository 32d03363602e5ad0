import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { rewardReady, rewardReadySql } from "../../src/modules/loyalty/rewards/reward-ready";

// One "reward ready" rule for the card page, the scanner, the passes and the segments.

describe("rewardReady", () => {
  it.each([
    [4, 5, false],
    [5, 5, true],
    [7, 5, true],
    [0, 1, false],
  ])("%i stamps of %i required: %s", (stamps, required, ready) => {
    expect(rewardReady(stamps, required)).toBe(ready);
  });

  it("is never ready without a reward", () => {
    expect(rewardReady(10, null)).toBe(false);
    expect(rewardReady(10, undefined)).toBe(false);
  });

  it("writes the same comparison in SQL", () => {
    const query = new PgDialect().sqlToQuery(rewardReadySql(sql`t.stamps`, sql`r.stamps_required`));
    expect(query.sql).toBe("(t.stamps >= r.stamps_required)");
  });
});
