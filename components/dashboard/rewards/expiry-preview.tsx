"use client";

import { useTranslations } from "next-intl";
import { EXPIRY_PREVIEW_DAYS } from "@/contract/rewards";
import { useExpiryPreview } from "@/lib/browser/queries/expiry-preview";

/**
 * Under the expiry field of a saved reward: what the days typed would lapse in the next 30 days
 * (reward-expiry-preview), updated once typing pauses. A live region, so a screen reader hears it
 * change; empty while the days are not a valid number.
 */
export function ExpiryPreview({ rewardId, days }: { rewardId: number; days: string }) {
  const t = useTranslations("dashboardMore.kindFields");
  const preview = useExpiryPreview(rewardId, days);
  const values = { days: EXPIRY_PREVIEW_DAYS };
  return (
    <p className="field-hint expiry-preview" role="status">
      {preview &&
        (preview.cards === 0
          ? t("expiryPreviewNone", values)
          : t("expiryPreview", { ...values, cards: preview.cards, amount: preview.amount, unit: preview.unit }))}
    </p>
  );
}
