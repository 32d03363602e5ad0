"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { moneyShort } from "@/components/dashboard/rewards/money-short";
import { MAX_POINTS_PER_UNIT, MAX_POINTS_PER_VISIT, MAX_REFERRAL_BONUS } from "@/contract/rewards";
import { LapseField, numeric } from "../lapse-field";
import type { RedeemProps, RewardFieldsProps, WebKind } from "../web";

function PointsFields({ field }: RewardFieldsProps) {
  const t = useTranslations("dashboardMore.kindFields");
  return (
    <div className="form-row">
      <TextField
        label={t("perUnit")}
        {...numeric}
        min={0}
        max={MAX_POINTS_PER_UNIT}
        hint={t("perUnitHint")}
        {...field("points_per_unit")}
      />
      <TextField
        label={t("perVisit")}
        {...numeric}
        min={0}
        max={MAX_POINTS_PER_VISIT}
        hint={t("perVisitHint")}
        {...field("points_per_visit")}
      />
      <LapseField unit="points" field={field} />
    </div>
  );
}

/** The options the balance affords, one button each. */
function RedeemOption({ result, busy, pendingOption, onRedeem }: RedeemProps) {
  const t = useTranslations("scanner.result");
  const format = useFormatter();
  if (result.options.length === 0) return <p className="small muted">{t("notEnough")}</p>;
  return (
    <ul className="redeem-options">
      {result.options.map((option) => (
        <li key={option.id}>
          <Button
            type="button"
            variant="secondary"
            busy={busy && pendingOption === option.id}
            disabled={busy}
            onClick={() => onRedeem({ option_id: option.id })}
          >
            {t("option", { title: option.title, points: format.number(option.points) })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

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
