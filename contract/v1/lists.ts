import { z } from "zod";
import { openKind, queryInt } from "./cards";

/** Cursor paging: `cursor` is the `next_cursor` of the previous page, opaque to the caller. */
export const pageQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: queryInt(1, 100).optional(),
});

export const customer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Customer" });

export const customerPage = z
  .object({ data: z.array(customer), next_cursor: z.string().nullable() })
  .meta({ id: "CustomerPage" });

export const cardEvent = z
  .object({
    id: z.number().int(),
    serial: z.string(),
    business_id: z.number().int(),
    kind: z.enum(["join", "stamp", "redeem", "adjust", "flag", "expire", "referral"]),
    delta: z.number().int(),
    balance_after: z.number().int(),
    unit: openKind("The unit of `delta` and `balance_after`"),
    /** The API key that made the change, when one did. */
    api_key_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "CardEvent" });

export const eventPage = z
  .object({ data: z.array(cardEvent), next_cursor: z.string().nullable() })
  .meta({ id: "CardEventPage" });
