"use client";

import { useSyncExternalStore } from "react";
import type { PaymentMode } from "@/contract/payments";

/** The plan chosen on /subscription, kept in local storage (under the loyalty prefix) for the payment page. */
export const PLAN_KEY = "loyalty:plan";

export type ChosenPlan = { id: number; name: string; amount: string; currency: string; interval: "month" | "year" };

/** What an owner typed into the business / address form before paying the slot fee. */
export type DraftKind = "business" | "address";
const draftKey = (kind: DraftKind) => `loyalty:draft:${kind}`;

export const FEE_MODE: Record<DraftKind, PaymentMode> = { business: "businessPayment", address: "addressPayment" };
export const RETURN_TO: Record<Exclude<PaymentMode, "newUser">, string> = {
  businessPayment: "/dashboard/business",
  addressPayment: "/dashboard/address",
};

export const saveChosenPlan = (plan: ChosenPlan) => window.localStorage.setItem(PLAN_KEY, JSON.stringify(plan));

export const saveDraft = (kind: DraftKind, values: Record<string, string>) =>
  window.localStorage.setItem(draftKey(kind), JSON.stringify(values));
export const clearDraft = (kind: DraftKind) => window.localStorage.removeItem(draftKey(kind));

const noSubscribe = () => () => undefined;

/** A kept draft, read after hydration (the server has no local storage). */
export function useDraft(kind: DraftKind): Record<string, string> | null {
  const raw = useSyncExternalStore(
    noSubscribe,
    () => window.localStorage.getItem(draftKey(kind)),
    () => null,
  );
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return null;
  }
}

/** The chosen plan, read after hydration. */
export function useChosenPlan(): ChosenPlan | null {
  const raw = useSyncExternalStore(
    noSubscribe,
    () => window.localStorage.getItem(PLAN_KEY),
    () => null,
  );
  try {
    return raw ? (JSON.parse(raw) as ChosenPlan) : null;
  } catch {
    return null;
  }
}
