import { useFormatter, useTranslations } from "next-intl";
import { minorDigits } from "@/contract/money";
import type { Reward } from "@/contract/rewards";

type Formatter = ReturnType<typeof useFormatter>;

/**
 * "€1", "€12.50", "¥500": a decimal string of the contract as people read it in the page's
 * locale, without ".00" on whole amounts (display only: the number is never computed with).
 */
export function moneyShort(format: Formatter, decimal: string | number, currency: string | null): string {
  const value = Number(decimal);
  if (!currency) return String(decimal);
  const digits = Number.isInteger(value) ? 0 : minorDigits(currency);
  return format.number(value, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * A reward's kind as a word, and what it earns in a few words ("10 stamps",
 * "1 pt per €1 + 5 per visit", "5 % back"), in the page's language.
 */
export function useRewardSummary() {
  const t = useTranslations("dashboardMore.rewardSummary");
  const format = useFormatter();
  const kindLabel = (kind: Reward["kind"]) => t(`kind.${kind}`);
  const earnSummary = (reward: Reward): string => {
    if (reward.kind === "points") {
      if (Number(reward.points_per_unit) === 0) return t("perVisit", { count: reward.points_per_visit });
      // Below one point per 1.00, per 100.00 says it exactly in whole points ("0.1": 10 per €100).
      const perUnitCount = Number(reward.points_per_unit);
      const per = perUnitCount < 1 ? 100 : 1;
      const perUnit = t("perUnit", {
        count: Math.round(perUnitCount * per * 100) / 100,
        money: moneyShort(format, per, reward.currency),
      });
      return reward.points_per_visit > 0 ? t("plusVisit", { perUnit, count: reward.points_per_visit }) : perUnit;
    }
    if (reward.kind === "cashback") {
      const tiers = reward.tiers.map((tier) =>
        t("tier", { percent: tier.percent, amount: moneyShort(format, tier.from_amount, reward.currency) }),
      );
      return [t("back", { percent: reward.cashback_percent ?? "0" }), ...tiers].join(t("separator"));
    }
    return t("stamps", { count: reward.stamps_required });
  };
  return { kindLabel, earnSummary };
}
