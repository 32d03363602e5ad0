import dynamic from "next/dynamic";
import { FieldsLoading } from "../fields-loading";
import { moneyShort } from "@/components/dashboard/rewards/money-short";
import { hundredthsText } from "@/contract/minor-units";
import { MAX_REFERRAL_BONUS } from "@/contract/kinds/numbers";
import { numeric } from "../numeric";
import type { WebKind } from "../types";
import { RedeemOption } from "./redeem";
import { face } from "./face";

/** The reward form's fields: their code (and the form's schemas) loads with the form, not with every page that asks the kind. */
const PointsFields = dynamic(() => import("./fields").then((m) => m.PointsFields), { loading: FieldsLoading });

/** Points: earned per purchase and visit, spent on the reward's catalogue of options. */
export const points: WebKind = {
  kind: "points",
  ns: "kinds.points",
  figures: ["points_issued", "points_redeemed"],
  face,
  lapses: true,
  hasCatalogue: true,
  redeemsByScan: false,
  RewardFields: PointsFields,
  formValues: (reward) =>
    reward
      ? { points_per_unit: String(reward.points_per_unit), points_per_visit: String(reward.points_per_visit) }
      : { points_per_unit: "1", points_per_visit: "" },
  rewardBody: (values) => ({
    points_per_unit: hundredthsText(values.points_per_unit),
    points_per_visit: values.points_per_visit,
  }),
  bonusInput: { ...numeric, min: 0, max: MAX_REFERRAL_BONUS },
  Redeem: RedeemOption,
  afterRedeem: (merged) => merged,
  earnSummary: (reward, t, format) => {
    const perUnitCount = Number(reward.points_per_unit);
    if (perUnitCount === 0) return t("perVisit", { count: reward.points_per_visit });
    // Below one point per 1.00, per 100.00 says it exactly in whole points ("0.1": 10 per €100).
    const per = perUnitCount < 1 ? 100 : 1;
    const perUnit = t("perUnit", {
      count: Math.round(perUnitCount * per * 100) / 100,
      money: moneyShort(format, per, reward.currency),
    });
    return reward.points_per_visit > 0 ? t("plusVisit", { perUnit, count: reward.points_per_visit }) : perUnit;
  },
  directoryBalance: (row) => row.balance_text,
  changeText: (e) => `${e.delta_text} → ${e.balance_text}`,
  scanBalance: (s) => s.balance_after_text,
  cardBalance: (card) => card.balance_text,
  boosted: true,
  multiplies: true,
  amountText: (amount, _currency, words) => words.points(amount),
  bonusText: (bonus, _currency, words) => words.points(Number(bonus)),
};
