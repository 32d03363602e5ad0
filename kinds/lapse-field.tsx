"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { MAX_EXPIRE_DAYS, type RewardKind } from "@/contract/rewards";
import { numeric } from "./numeric";
import type { KindField } from "./web";

/** Expiry of unspent stamps or points, in the kind's own unit. */
export function LapseField({ unit, field }: { unit: RewardKind; field: KindField }) {
  const t = useTranslations("dashboardMore.kindFields");
  return (
    <TextField
      label={t("expire")}
      {...numeric}
      min={1}
      max={MAX_EXPIRE_DAYS}
      hint={t("expireHint", { unit })}
      {...field("expire_after_days")}
    />
  );
}
