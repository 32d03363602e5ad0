import { sql } from "drizzle-orm";
import type { TestApp } from "./app";
import { loyaltyFixtures } from "./loyalty";

/**
 * Points and cashback programmes made in the database: the reward's kind columns and
 * the business's currency set directly, so the engine's tests do not wait on add-reward's kinds.
 */
export function kindFixtures(t: TestApp, f: ReturnType<typeof loyaltyFixtures>) {
  return {
    /** An owner's programme of `kind` (no cooldown or cap), with these reward columns and currency. */
    async programmeOf({
      kind,
      currency = "EUR",
      ...columns
    }: {
      kind: "points" | "cashback";
      currency?: string;
      [column: string]: unknown;
    }) {
      const p = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
      await t.query(sql`update businesses set currency = ${currency} where id = ${p.business.id}`);
      const set = Object.entries(columns).map(([column, value]) =>
        column === "cashback_tiers"
          ? sql`, ${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb`
          : sql`, ${sql.identifier(column)} = ${value}`,
      );
      await t.query(
        sql`update rewards set kind = ${kind}, stamps_required = 0 ${sql.join(set)} where id = ${p.reward.id}`,
      );
      return p;
    },
    /** An active option of a points reward. */
    async addOption(rewardId: number, title: string, points: number) {
      const [row] = await t.query<{ id: number }>(
        sql`insert into reward_options (user_id, business_id, reward_id, title, points)
            select user_id, business_id, id, ${title}, ${points} from rewards where id = ${rewardId} returning id`,
      );
      return row!.id;
    },
  };
}
