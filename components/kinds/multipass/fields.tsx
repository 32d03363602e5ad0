"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { MAX_EXPIRE_DAYS } from "@/contract/rewards";
import { MAX_VISITS, MIN_VISITS } from "@/contract/kinds/multipass";
import { numeric } from "../numeric";
import type { RewardFieldsProps } from "../types";

/** A pass: the visits it includes, and when unused visits lapse after the last sale. */
export function MultipassFields({ field }: RewardFieldsProps) {
  const t = useTranslations("multipass.fields");
  return (
    <div className="form-row">
      <TextField
        label={t("visits")}
        {...numeric}
        min={MIN_VISITS}
        max={MAX_VISITS}
        hint={t("visitsHint", { min: MIN_VISITS, max: MAX_VISITS })}
        required
        {...field("visits_included")}
      />
      <TextField
        label={t("expire")}
        {...numeric}
        min={1}
        max={MAX_EXPIRE_DAYS}
        hint={t("expireHint")}
        {...field("expire_after_days")}
      />
    </div>
  );
}
