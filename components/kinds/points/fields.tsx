"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { MAX_POINTS_PER_UNIT, MAX_POINTS_PER_VISIT } from "@/contract/rewards";
import { LapseField } from "../lapse-field";
import { numeric } from "../numeric";
import type { RewardFieldsProps } from "../types";

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
