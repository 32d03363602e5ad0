"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import type { Business } from "@/contract/business";
import type { Offer } from "@/contract/offers";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useOffers, useRetireOffer } from "@/lib/browser/queries/offers";
import { PagedList } from "../paged-list";
import { OfferForm } from "./offer-form";
import { OfferSend } from "./offer-send";
import { useMoney, useOfferValue } from "./offer-words";
import { PlanGate } from "./plan-gate";
import "./offers.css";

function OfferRow({
  offer,
  currency,
  onPlanGate,
}: {
  offer: Offer;
  currency: string | null;
  onPlanGate: (message: string) => void;
}) {
  const t = useTranslations("offers.list");
  const kinds = useTranslations("offers.kinds");
  const triggers = useTranslations("offers.triggers");
  const value = useOfferValue();
  const money = useMoney();
  const format = useFormatter();
  const retire = useRetireOffer();
  const [sending, setSending] = useState(false);
  return (
    <li className="item-card offer-row" data-testid="offer-row">
      <div className="item-main">
        <h3>
          <span data-user-content>{offer.title}</span> <span className="badge">{kinds(offer.kind)}</span>
          {!offer.active && <span className="badge badge-warning">{t("retired")}</span>}
        </h3>
        <p className="offer-value">{value(offer, currency)}</p>
        <p className="muted small">
          {triggers(offer.trigger)} · {t("validity", { days: offer.valid_days })}
          {offer.min_purchase && ` · ${t("minPurchase", { amount: money(offer.min_purchase, currency) })}`}
        </p>
        <p className="small" data-testid="offer-counts">
          {t("counts", { issued: offer.issued, redeemed: offer.redeemed })}
        </p>
        <p className="muted small">{t("added", { date: format.dateTime(new Date(offer.created_at), "day") })}</p>
        {sending && <OfferSend offer={offer} onClose={() => setSending(false)} onPlanGate={onPlanGate} />}
      </div>
      {offer.active && (
        <div className="item-actions">
          {offer.trigger === "campaign" && !sending && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setSending(true)}>
              <span aria-hidden="true">{t("send")}</span>
              <span className="visually-hidden">{t("sendNamed", { title: offer.title })}</span>
            </button>
          )}
          <ConfirmButton
            action={t("retire")}
            subject={offer.title}
            title={t("retireTitle", { title: offer.title })}
            confirmLabel={t("retireConfirm")}
            onConfirm={() => retire.mutateAsync(offer.id)}
          >
            {t("retireWarning")}
          </ConfirmButton>
        </div>
      )}
    </li>
  );
}

function OfferList({
  businesses,
  businessId,
  onPlanGate,
}: {
  businesses: Business[];
  businessId: number | null;
  onPlanGate: (message: string) => void;
}) {
  const t = useTranslations("offers.list");
  const [page, setPage] = useState(1);
  const list = useOffers(page, businessId);
  const currencyOf = (id: number) => businesses.find((b) => b.id === id)?.currency ?? null;
  return (
    <section className="card" aria-labelledby="offers-list-title">
      <h2 id="offers-list-title">{t("heading")}</h2>
      <PagedList
        list={list}
        what={t("what")}
        pages={t("pages")}
        onPage={setPage}
        rowHeight="4rem"
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(offer) => (
          <OfferRow key={offer.id} offer={offer} currency={currencyOf(offer.business_id)} onPlanGate={onPlanGate} />
        )}
      </PagedList>
    </section>
  );
}

/**
 * Offers: what each business gives its card holders as vouchers (welcome, birthday, win-back,
 * campaigns, at the scanner), how many were issued and redeemed, adding, sending and retiring.
 */
export function OffersSection() {
  const t = useTranslations("offers");
  const businesses = useBusinessOptions();
  const [chosen, setChosen] = useState("");
  const [gate, setGate] = useState<string | null>(null);
  const list = businesses.data ?? [];
  const businessId = chosen ? Number(chosen) : null;
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      {gate && <PlanGate message={gate} />}
      {businesses.isPending ? (
        <Skeleton label={t("loading")} />
      ) : businesses.isError ? (
        <ErrorState what={t("businessesWhat")} error={businesses.error} onRetry={() => void businesses.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("noBusinessTitle")}>{t("noBusiness")}</EmptyState>
      ) : (
        <>
          <OfferForm key={businessId ?? "all"} businesses={list} businessId={businessId} onPlanGate={setGate} />
          {list.length > 1 && (
            <SelectField
              name="offers-business"
              label={t("showBusiness")}
              placeholder={t("allBusinesses")}
              options={list.map((b) => ({ value: String(b.id), label: b.business_name }))}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            />
          )}
          <OfferList businesses={list} businessId={businessId} onPlanGate={setGate} />
        </>
      )}
    </>
  );
}
