"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { MAX_STAMPS, MIN_STAMPS } from "@/contract/rewards";
import { LapseField } from "../lapse-field";
import { numeric } from "../numeric";
import type { RewardFieldsProps } from "../types";

export function StampFields({ field, rewardId }: RewardFieldsProps) {
  const t = useTranslations("dashboardMore.kindFields");
  const cost = useTranslations("rewardCost");
  return (
    <div className="form-row">
      <TextField
        label={t("stamps")}
        {...numeric}
        min={MIN_STAMPS}
        max={MAX_STAMPS}
        hint={t("stampsHint", { min: MIN_STAMPS, max: MAX_STAMPS })}
        required
        {...field("stamps_required")}
      />
      <LapseField unit="stamps" field={field} rewardId={rewardId} />
      <TextField label={cost("label")} hint={cost("rewardHint")} inputMode="decimal" {...field("cost")} />
    </div>
  );
}
