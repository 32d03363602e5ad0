"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";
import { ExpiryPreview } from "@/components/dashboard/rewards/expiry-preview";
import { MAX_EXPIRE_DAYS, type RewardKind } from "@/contract/rewards";
import { numeric } from "./numeric";
import type { KindField } from "./types";

/**
 * Expiry of unspent stamps or points, in the kind's own unit. A saved reward's field previews what
 * the days typed would lapse.
 */
export function LapseField({ unit, field, rewardId }: { unit: RewardKind; field: KindField; rewardId?: number }) {
  const t = useTranslations("dashboardMore.kindFields");
  const days = field("expire_after_days");
  return (
    <TextField
      label={t("expire")}
      {...numeric}
      min={1}
      max={MAX_EXPIRE_DAYS}
      hint={t("expireHint", { unit })}
      {...days}
    >
      {rewardId !== undefined && <ExpiryPreview rewardId={rewardId} days={days.value} />}
    </TextField>
  );
}
