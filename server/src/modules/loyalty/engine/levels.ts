import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { fromMinor } from "../../../../../contract/money";
import { LEVEL_BASES, type LevelBasis, type LevelProgress } from "../../../../../contract/kinds/levels";
import { serverKind, type Boost } from "../../../kinds";
import type { RewardRow } from "./types";

/**
 * A card's level: the highest of its reward's levels whose threshold what the card collected (its
 * measure: points or stamps, visits, or minor units spent; over its lifetime or the last twelve
 * months) reaches. Every earn recomputes it in its own transaction (rules.ts) and never lowers
 * it; the nightly job (modules/levels/nightly.ts) re-evaluates a rolling period and may.
 */

export type StoredLevel = RewardRow["levels"][number];
export type LevelReward = Pick<RewardRow, "kind" | "levels" | "levelBasis" | "levelPeriod">;

/** The level `measure` reaches (null: none). */
export function levelAt(levels: readonly StoredLevel[], measure: number): StoredLevel | null {
  return levels.reduce<StoredLevel | null>(
    (top, l) => (l.from <= measure && (!top || l.from > top.from) ? l : top),
    null,
  );
}

/** A level's rank among the reward's (0: none, or a name the reward no longer has). */
export function levelRank(levels: readonly StoredLevel[], name: string | null): number {
  const level = levels.find((l) => l.name === name);
  return level ? levels.filter((l) => l.from <= level.from).length : 0;
}

/** What an earn adds to the measure: its base (points or stamps), one visit, or its amount. */
export function measureAdded(basis: LevelBasis, earn: { base: number; amount: number | null }): number {
  const added: Record<LevelBasis, number> = { points: earn.base, visits: 1, spend: earn.amount ?? 0 };
  return added[basis];
}

/** The level a card is at after this earn: the one its measure with the earn reaches, never below its own. */
export function levelAfterEarn(
  reward: LevelReward,
  current: string | null,
  measure: number,
  earn: { base: number; amount: number | null },
): { level: StoredLevel | null; boost: Boost | null } {
  const reached = levelAt(reward.levels, measure + measureAdded(reward.levelBasis, earn));
  const kept = reward.levels.find((l) => l.name === current) ?? null;
  const level = kept && (!reached || kept.from > reached.from) ? kept : reached;
  return { level, boost: level ? serverKind(reward.kind).levelBoost(level) : null };
}

/**
 * The card's level with the next one and what is left to it, in the basis's unit (spend: a
 * decimal string of the currency); null when the reward has no levels.
 */
export function levelProgress(
  reward: LevelReward | null,
  current: string | null,
  measure: number,
  currency: string | null,
): LevelProgress | null {
  if (!reward || reward.levels.length === 0) return null;
  const here = reward.levels.find((l) => l.name === current) ?? null;
  const next = reward.levels
    .filter((l) => l.from > Math.max(here?.from ?? 0, measure))
    .reduce<StoredLevel | null>((low, l) => (!low || l.from < low.from ? l : low), null);
  const left = next ? next.from - measure : null;
  return {
    name: here?.name ?? null,
    next: next?.name ?? null,
    to_next: left === null ? null : reward.levelBasis === "spend" && currency ? fromMinor(left, currency) : left,
  };
}

/** Twelve months back from now, the rolling period's start. */
const YEAR_AGO = sql`now() - interval '12 months'`;

/**
 * A card's measure in SQL, for its reward's basis and period (SQL of the reward's columns): its
 * lifetime counters, or its earns of the last twelve months. 0 when the reward has no levels.
 */
export function levelMeasureSql(
  card: { id: SQLWrapper; lifetimeStamps: SQLWrapper; lifetimeSpend: SQLWrapper },
  reward: { levels: SQLWrapper; basis: SQLWrapper; period: SQLWrapper },
): SQL<number> {
  const since = (rolling: boolean) => (rolling ? sql` and s.created_at > ${YEAR_AGO}` : sql``);
  const visits = (rolling: boolean) =>
    sql`(select count(*) from scans s where s.card_id = ${card.id} and s.kind = 'stamp'${since(rolling)})`;
  const spent = sql`(select coalesce(sum(s.amount), 0) from scans s where s.card_id = ${card.id} and s.kind = 'stamp'${since(true)})`;
  const earned = sql`(select coalesce(sum(e.delta), 0) from card_events e
    where e.card_id = ${card.id} and e.kind in ('join', 'stamp') and e.delta > 0 and e.created_at > ${YEAR_AGO})`;
  const of: Record<LevelBasis, { lifetime: SQL | SQLWrapper; rolling: SQL }> = {
    points: { lifetime: card.lifetimeStamps, rolling: earned },
    visits: { lifetime: visits(false), rolling: visits(true) },
    spend: { lifetime: card.lifetimeSpend, rolling: spent },
  };
  const byBasis = (rolling: boolean) =>
    sql.join(
      LEVEL_BASES.map((b) => sql`when ${b}::text then ${rolling ? of[b].rolling : of[b].lifetime}`),
      sql` `,
    );
  return sql<number>`(case when jsonb_array_length(${reward.levels}) = 0 then 0
    when ${reward.period} = 'lifetime' then (case ${reward.basis} ${byBasis(false)} end)
    else (case ${reward.basis} ${byBasis(true)} end) end)::float8`;
}
