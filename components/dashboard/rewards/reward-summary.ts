import { minorDigits } from "@/lib/contract/money";
import type { Reward } from "@/lib/contract/rewards";

/**
 * "€1", "€12.50", "¥500": a decimal string of the contract as people read it, without ".00" on
 * whole amounts (display only: the number is never computed with).
 */
export function moneyShort(decimal: string | number, currency: string | null): string {
  const value = Number(decimal);
  if (!currency) return String(decimal);
  const digits = Number.isInteger(value) ? 0 : minorDigits(currency);
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a reward earns, in a few words: "10 stamps", "1 pt per €1 + 5 per visit", "5 % back". */
export function earnSummary(reward: Reward): string {
  if (reward.kind === "points") {
    const perUnit =
      reward.points_per_unit > 0
        ? `${plural(reward.points_per_unit, "pt", "pts")} per ${moneyShort(1, reward.currency)}`
        : "";
    if (!perUnit) return `${plural(reward.points_per_visit, "pt", "pts")} per visit`;
    return reward.points_per_visit > 0 ? `${perUnit} + ${reward.points_per_visit} per visit` : perUnit;
  }
  if (reward.kind === "cashback") {
    const tiers = reward.tiers.map((t) => `${t.percent} % from ${moneyShort(t.from_amount, reward.currency)} spent`);
    return [`${reward.cashback_percent ?? "0"} % back`, ...tiers].join(", ");
  }
  return plural(reward.stamps_required, "stamp", "stamps");
}

export const KIND_LABEL: Record<Reward["kind"], string> = { stamps: "Stamps", points: "Points", cashback: "Cashback" };
