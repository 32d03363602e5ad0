import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cards, customers } from "../../../db/schema";
import type { SmsEstimate } from "../../../../../contract/sms";
import type { Segment } from "../../../../../contract/customers";
import { segmentCardIds } from "../../customers/segments";
import { smsAllowance } from "./allowance";
import { smsSize } from "./segments";

/** Multiplies a decimal price by a whole count, exactly (four decimals in, two out, rounded half up). */
function priceOf(pricePerSegment: string, segments: number): string {
  const [whole = "0", fraction = ""] = pricePerSegment.split(".");
  const tenThousandths = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0").slice(0, 4));
  const cents = (tenThousandths * BigInt(segments) + 50n) / 100n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/**
 * What an SMS to a segment would take: the cards that would get it (consent given, SMS not turned
 * off, a phone), the segments of the body, their price on the owner's plan and the allowance left.
 */
export async function estimateSms(
  db: Db,
  ownerId: number,
  input: { business_id: number; segment: Segment; days?: number; level?: string; body: string },
  available: boolean,
): Promise<SmsEstimate> {
  const ids = segmentCardIds(db, ownerId, input.business_id, input.segment, input.days, input.level);
  const [reach] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(
      and(
        inArray(cards.id, ids),
        isNotNull(cards.consentSmsAt),
        isNull(cards.smsOptOutAt),
        isNotNull(customers.phoneE164),
      ),
    );
  const messages = available ? Number(reach?.n ?? 0) : 0;
  const size = smsSize(input.body);
  const segments = messages * size.segments;
  const plan = await smsAllowance(db, ownerId);
  return {
    segment: input.segment,
    days: input.days ?? null,
    available,
    messages,
    encoding: size.encoding,
    segments_per_message: size.segments,
    segments,
    price: priceOf(plan.pricePerSegment, segments),
    currency: plan.currency,
    allowance: plan.allowance,
    allowance_left: Math.max(0, plan.allowance - plan.used),
  };
}
