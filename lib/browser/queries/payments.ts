"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { useFormatter } from "next-intl";
import { callApi, callUrl } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { CouponApplyBody, SubscriptionChargeBody } from "@/contract/payments";
import { userKeys } from "./user";
import { refetchAfterWrite } from "./after-write";

export const paymentKeys = {
  plans: ["subscriptionplan-list"] as const,
  active: ["subscription-plan-active"] as const,
  list: ["payment-list"] as const,
  coupons: ["coupon-list"] as const,
};

export const usePlans = () =>
  useQuery({
    queryKey: paymentKeys.plans,
    queryFn: async () => (await callApi(calls.subscriptionPlanList)).data,
  });

export const useActivePlan = () =>
  useQuery({
    queryKey: paymentKeys.active,
    queryFn: async () => (await callApi(calls.subscriptionPlanActive)).data,
  });

export const usePayments = () =>
  useQuery({
    queryKey: paymentKeys.list,
    queryFn: async () => (await callApi(calls.paymentList)).data,
  });

export const useCoupons = () =>
  useQuery({
    queryKey: paymentKeys.coupons,
    queryFn: async () => (await callApi(calls.couponList)).data,
  });

export function useApplyCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CouponApplyBody) => await callApi(calls.couponApply, { body }),
    onSuccess: () => refetchAfterWrite(client, paymentKeys.coupons),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.deleteCoupon, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, paymentKeys.coupons),
  });
}

export const chargeSubscription = async (body: SubscriptionChargeBody) =>
  await callApi(calls.subscriptionCharge, { body });

/** After a payment: the profile (and with it the session's plan status) and the plan views refresh. */
export async function refreshAfterPayment(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    refetchAfterWrite(client, userKeys.profile),
    refetchAfterWrite(client, paymentKeys.active),
    refetchAfterWrite(client, paymentKeys.list),
    refetchAfterWrite(client, paymentKeys.coupons),
  ]);
}

/**
 * Amounts with currency formatting in the page's locale, through next-intl's formatter:
 * ("19.00", "USD") → "$19.00" in English, "19,00 $" in French.
 */
export function formatMoney(format: ReturnType<typeof useFormatter>, amount: string, currency: string) {
  return format.number(Number(amount), { style: "currency", currency });
}

/** A succeeded payment's receipt (an HTML file), to download. */
export const receiptUrl = (id: number) => callUrl(calls.paymentReceipt, { params: { id } });
