"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { Offer } from "@/contract/offers";
import { formatMoney } from "@/lib/browser/queries/payments";

/** An amount in the business's currency ("€2.50"), or the bare decimal while no currency is known. */
export function useMoney() {
  const format = useFormatter();
  return (amount: string, currency: string | null | undefined) =>
    currency ? formatMoney(format, amount, currency) : amount;
}

/** What an offer gives, in the page's language: "Free item", "€2.50 off", "10 % off", "+2 stamps". */
export function useOfferValue() {
  const t = useTranslations("offers.value");
  const money = useMoney();
  return (offer: Pick<Offer, "kind" | "amount" | "percent" | "points" | "stamps">, currency: string | null) =>
    t(offer.kind, {
      amount: offer.amount ? money(offer.amount, currency) : "",
      percent: offer.percent ?? 0,
      count: offer.points ?? offer.stamps ?? 0,
    });
}
