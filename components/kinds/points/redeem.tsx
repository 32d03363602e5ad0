"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { RedeemProps } from "../types";

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
