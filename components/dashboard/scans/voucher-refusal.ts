"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/browser/api-client";
import { failureText } from "./failure-text";

/** The refusals of a voucher redeem the counter meets every day, said in the page's own words. */
const OWN_WORDS = ["voucher_used", "voucher_expired", "voucher_not_found"] as const;
type OwnWord = (typeof OWN_WORDS)[number];
const isOwnWord = (code: unknown): code is OwnWord => (OWN_WORDS as readonly unknown[]).includes(code);

/** A failed voucher call as the staff read it: by its refusal code where the page has words for it. */
export function useVoucherFailure() {
  const t = useTranslations("offers.refusals");
  return (error: unknown) => (error instanceof ApiError && isOwnWord(error.code) ? t(error.code) : failureText(error));
}
