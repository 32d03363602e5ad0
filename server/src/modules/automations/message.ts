import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automations, automationSends, businessMessages, messageRecipients } from "../../db/schema";
import type { IssuingOffer } from "../loyalty/engine/voucher";

export type AutomationRow = typeof automations.$inferSelect & {
  businessName: string;
  /** The active offer whose voucher it issues when it fires (a win-back's), else null. */
  offer: IssuingOffer | null;
};

/** Runs in each message's transaction (the push to the card's devices is a job written there). */
export type OnSent = (
  tx: Db,
  sent: { ownerId: number; businessId: number; messageId: number; title: string; message: string },
) => Promise<void>;

/** `{name}`, `{business}`, `{stamps_left}` filled in; unknown braces stay as typed. */
export function fillPlaceholders(text: string, values: { name: string; business: string; stampsLeft: number | null }) {
  return text
    .replaceAll("{name}", values.name)
    .replaceAll("{business}", values.business)
    .replaceAll("{stamps_left}", values.stampsLeft === null ? "" : String(values.stampsLeft));
}

/**
 * Claims the automation's send to the card for `period` (its unique row, which only one
 * transaction can insert) and, unless the automation gives only a voucher, writes its message
 * to that card. False when the period was claimed already.
 */
export async function claimAndWrite(
  tx: Db,
  a: AutomationRow,
  c: { cardId: number; name: string; stampsLeft: number | null; period: string },
  onSent: OnSent | undefined,
): Promise<boolean> {
  const [claimed] = await tx
    .insert(automationSends)
    .values({ automationId: a.id, cardId: c.cardId, period: c.period })
    .onConflictDoNothing()
    .returning({ id: automationSends.id });
  if (!claimed) return false;
  if (!a.sendMessage && a.offer) return true;
  const values = { name: c.name, business: a.businessName, stampsLeft: c.stampsLeft };
  const [message] = await tx
    .insert(businessMessages)
    .values({
      userId: a.userId,
      businessId: a.businessId,
      title: fillPlaceholders(a.title, values).slice(0, 120),
      message: fillPlaceholders(a.message, values).slice(0, 480),
      segment: `automation:${a.kind}`,
    })
    .returning({ id: businessMessages.id, title: businessMessages.title, message: businessMessages.message });
  await tx.insert(messageRecipients).values({ messageId: message!.id, cardId: c.cardId });
  await onSent?.(tx, {
    ownerId: a.userId,
    businessId: a.businessId,
    messageId: message!.id,
    title: message!.title,
    message: message!.message,
  });
  await tx.update(automationSends).set({ messageId: message!.id }).where(eq(automationSends.id, claimed.id));
  return true;
}
