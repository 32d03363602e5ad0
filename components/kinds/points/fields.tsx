"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { MAX_POINTS_PER_UNIT, MAX_POINTS_PER_VISIT } from "@/contract/rewards";
import { LapseField } from "../lapse-field";
import { numeric } from "../numeric";
import type { RedeemProps, RewardFieldsProps } from "../types";

export function PointsFields({ field, rewardId }: RewardFieldsProps) {
  const t = useTranslations("dashboardMore.kindFields");
  return (
    <div className="form-row">
      <TextField
        label={t("perUnit")}
        type="number"
        inputMode="decimal"
        step="0.01"
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
      <LapseField unit="points" field={field} rewardId={rewardId} />
    </div>
  );
}

/** The options the balance affords, one button each. */
export function RedeemOption({ result, busy, pendingOption, onRedeem }: RedeemProps) {
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
