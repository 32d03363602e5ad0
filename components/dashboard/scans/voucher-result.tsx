"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { VoucherOutcome } from "./voucher-redeem";

/** A voucher's redeem in the last-scan box: what it gave and to which card, or why it was refused. */
export function VoucherResult({ outcome }: { outcome: VoucherOutcome }) {
  const t = useTranslations("offers.scanner");
  const kinds = useTranslations("offers.kinds");
  const format = useFormatter();
  if (!outcome.ok) {
    return (
      <div className="scan-result error" data-testid="voucher-result">
        <p className="scan-result-title" role="alert">
          {outcome.message}
        </p>
      </div>
    );
  }
  const { voucher } = outcome;
  return (
    <div className="scan-result redeem" data-testid="voucher-result">
      <p className="scan-result-title" role="status" data-api-text>
        {outcome.message}
      </p>
      <dl className="details">
        <dt>{t("voucher")}</dt>
        <dd data-user-content>{voucher.title}</dd>
        <dt>{t("gives")}</dt>
        <dd>{kinds(voucher.kind)}</dd>
        <dt>{t("card")}</dt>
        <dd data-user-content translate="no">
          {voucher.serial}
        </dd>
        {voucher.redeemed_at && (
          <>
            <dt>{t("redeemedAt")}</dt>
            <dd>{format.dateTime(new Date(voucher.redeemed_at), "dayTime")}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
