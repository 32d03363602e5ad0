import { moneyShort } from "@/components/dashboard/rewards/money-short";
import { MAX_REFERRAL_BONUS } from "@/contract/rewards";
import { numeric } from "../numeric";
import type { WebKind } from "../web";
import { PointsFields, RedeemOption } from "./fields";

/** Points: earned per purchase and visit, spent on the reward's catalogue of options. */
export const points: WebKind = {
  kind: "points",
  ns: "kinds.points",
  figures: ["points_issued", "points_redeemed"],
  face: "balance",
  lapses: true,
  hasCatalogue: true,
  redeemsByScan: false,
  RewardFields: PointsFields,
  formValues: (reward) =>
    reward
      ? { points_per_unit: String(reward.points_per_unit), points_per_visit: String(reward.points_per_visit) }
      : { points_per_unit: "1", points_per_visit: "" },
  rewardBody: (values) => ({ points_per_unit: values.points_per_unit, points_per_visit: values.points_per_visit }),
  bonusInput: { ...numeric, min: 0, max: MAX_REFERRAL_BONUS },
  Redeem: RedeemOption,
  afterRedeem: (merged) => merged,
  earnSummary: (reward, t, format) => {
    if (reward.points_per_unit === 0) return t("perVisit", { count: reward.points_per_visit });
    const perUnit = t("perUnit", { count: reward.points_per_unit, money: moneyShort(format, 1, reward.currency) });
    return reward.points_per_visit > 0 ? t("plusVisit", { perUnit, count: reward.points_per_visit }) : perUnit;
  },
  directoryBalance: (row) => row.balance_text,
  changeText: (e) => `${e.delta_text} → ${e.balance_text}`,
  scanBalance: (s) => s.balance_after_text,
  cardBalance: (card) => card.balance_text,
  bonusText: (bonus, _currency, words) => words.points(Number(bonus)),
};
