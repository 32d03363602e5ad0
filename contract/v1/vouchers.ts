import { z } from "zod";
import { VOUCHER_CODE_PATTERN } from "../offers";

/** A voucher as the public API answers it. */
export const v1Voucher = z.object({
  code: z.string(),
  title: z.string(),
  /** free_item, amount_off, percent_off, points or stamps (a client must accept a kind it does not know). */
  kind: z.string(),
  serial: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullable(),
  /** What the voucher costs the owner (its offer's cost), a decimal of the business's currency; null: not said. */
  cost: z.string().nullable(),
});
export const v1VoucherList = z.object({ data: z.array(v1Voucher) });

export const voucherCodeParam = z.object({
  code: z.string().regex(VOUCHER_CODE_PATTERN, "This is not a voucher code."),
});

export const voucherRedeemBody = z.strictObject({
  /** The purchase amount, for a voucher with a minimum purchase. */
  amount: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,3})?$/, "The amount must be a positive amount such as 5.00.")
    .optional(),
});
