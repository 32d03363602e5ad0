"use client";

import toast from "react-hot-toast";
import { ApiError } from "@/lib/browser/api-client";
import { type DraftKind, FEE_MODE, saveDraft } from "./local";

/** The API's 402 for an add beyond the plan's allowance (server/src/modules/payments/slots.ts). */
export const isSlotFeeRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 402 && Boolean(error.errors.slot_fee_required);

/**
 * When an add needs the extra-slot fee: keeps what was typed (local storage) and goes to
 * /payment for the fee; after paying, the owner comes back to the form with it filled in.
 */
export function leadToSlotFee(
  error: unknown,
  kind: DraftKind,
  values: Record<string, string>,
  go: (url: string) => void,
) {
  if (!isSlotFeeRequired(error)) return false;
  saveDraft(kind, values);
  toast(error.message, { duration: 5000 });
  go(`/payment?mode=${FEE_MODE[kind]}`);
  return true;
}
