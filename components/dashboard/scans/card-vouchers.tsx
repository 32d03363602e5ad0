"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import type { CounterVoucher, ManualOffer } from "@/contract/offers";
import { useCardVouchers, useIssueVoucher, useRedeemVoucher } from "@/lib/browser/queries/offers";
import { useMoney } from "../offers/offer-words";
import { failureText } from "./failure-text";
import { useVoucherFailure } from "./voucher-refusal";

type Said = { ok: boolean; text: string } | null;

/** One unused voucher: Redeem, with the purchase amount first when it needs a minimum. */
function VoucherItem({
  voucher,
  currency,
  onSaid,
}: {
  voucher: CounterVoucher;
  currency: string | null;
  onSaid: (said: Said) => void;
}) {
  const money = useMoney();
  const t = useTranslations("offers.scanner");
  const kinds = useTranslations("offers.kinds");
  const format = useFormatter();
  const redeem = useRedeemVoucher();
  const failure = useVoucherFailure();
  const amountId = useId();
  const [amount, setAmount] = useState("");
  const send = async () => {
    onSaid(null);
    try {
      const res = await redeem.mutateAsync({ code: voucher.code, ...(amount.trim() && { amount: amount.trim() }) });
      onSaid({ ok: true, text: res.message });
    } catch (error) {
      onSaid({ ok: false, text: failure(error) });
    }
  };
  return (
    <li className="counter-voucher" data-testid="card-voucher">
      <div>
        <strong data-user-content>{voucher.title}</strong> <span className="badge">{kinds(voucher.kind)}</span>
        <span className="small muted block">
          <span translate="no">{voucher.code}</span> ·{" "}
          {t("expires", { date: format.dateTime(new Date(voucher.expires_at), "day") })}
        </span>
      </div>
      {voucher.min_purchase && (
        <div className="field">
          <label htmlFor={amountId}>{t("purchaseFor", { amount: money(voucher.min_purchase, currency) })}</label>
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
      )}
      <Button type="button" variant="secondary" busy={redeem.isPending} onClick={() => void send()}>
        <span aria-hidden="true">{t("redeem")}</span>
        <span className="visually-hidden">{t("redeemNamed", { title: voucher.title })}</span>
      </Button>
    </li>
  );
}

/** One manual offer: Issue its voucher to this card. */
function OfferItem({ offer, serial, onSaid }: { offer: ManualOffer; serial: string; onSaid: (said: Said) => void }) {
  const t = useTranslations("offers.scanner");
  const kinds = useTranslations("offers.kinds");
  const issue = useIssueVoucher();
  const send = async () => {
    onSaid(null);
    try {
      const res = await issue.mutateAsync({ offer_id: offer.id, serial });
      onSaid({ ok: true, text: t("issuedCode", { message: res.message, code: res.data.code }) });
    } catch (error) {
      onSaid({ ok: false, text: failureText(error) });
    }
  };
  return (
    <li className="counter-voucher">
      <div>
        <strong data-user-content>{offer.title}</strong> <span className="badge">{kinds(offer.kind)}</span>
      </div>
      <Button type="button" variant="secondary" busy={issue.isPending} onClick={() => void send()}>
        <span aria-hidden="true">{t("issue")}</span>
        <span className="visually-hidden">{t("issueNamed", { title: offer.title })}</span>
      </Button>
    </li>
  );
}

/** After a card scan: the card's unused vouchers to redeem, and the manual offers to issue to it. */
export function CardVouchers({ serial, currency }: { serial: string; currency: string | null }) {
  const t = useTranslations("offers.scanner");
  const data = useCardVouchers(serial);
  const id = useId();
  const [said, setSaid] = useState<Said>(null);
  if (data.isPending) return <Skeleton label={t("loading")} rows={1} height="2.5rem" />;
  if (data.isError) return <ErrorState what={t("what")} error={data.error} onRetry={() => void data.refetch()} />;
  const { vouchers, manual_offers: offers } = data.data;
  if (vouchers.length === 0 && offers.length === 0 && !said) return null;
  return (
    <section className="redeem-area card-vouchers" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("cardVouchers")}</h3>
      {vouchers.length === 0 ? (
        <p className="small muted">{t("noVouchers")}</p>
      ) : (
        <ul className="counter-vouchers" aria-label={t("cardVouchers")}>
          {vouchers.map((v) => (
            <VoucherItem key={v.code} voucher={v} currency={currency} onSaid={setSaid} />
          ))}
        </ul>
      )}
      {offers.length > 0 && (
        <>
          <h4>{t("issueTitle")}</h4>
          <ul className="counter-vouchers" aria-label={t("issueTitle")}>
            {offers.map((o) => (
              <OfferItem key={o.id} offer={o} serial={serial} onSaid={setSaid} />
            ))}
          </ul>
        </>
      )}
      {said && (
        <p
          className={said.ok ? "voucher-said" : "field-error"}
          role={said.ok ? "status" : "alert"}
          data-testid="voucher-said"
        >
          {said.text}
        </p>
      )}
    </section>
  );
}
