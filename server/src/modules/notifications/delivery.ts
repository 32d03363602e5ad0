import { and, eq, inArray, sql } from "drizzle-orm";
import type { Channel } from "../../../../contract/card-preferences";
import type { ChannelDelivery } from "../../../../contract/notifications";
import type { Db } from "../../db/client";
import { cards, channelSends, customers } from "../../db/schema";
import { messagePurpose } from "./channels";

const counted = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
const sent = sql`${channelSends.status} = 'sent'`;
/**
 * The holder turned the channel off after the send (the mail's unsubscribe link, the preferences,
 * STOP, push off on the card's page); a pass has no such switch.
 */
const optedOutSince = sql`(case ${channelSends.channel}
  when 'email' then ${cards.emailOptOutAt} when 'sms' then ${cards.smsOptOutAt}
  when 'push' then ${cards.pushOptOutAt} end) >= ${channelSends.createdAt}`;
/** A mail the receiving server took, to an address that has not bounced since. */
const deliveredMail = sql`${channelSends.channel} = 'email' and (${customers.emailBouncedAt} is null or ${customers.emailBouncedAt} < ${channelSends.createdAt})`;
/**
 * An SMS the carrier reported delivered (Twilio's status callback; one it could not deliver is
 * failed); a push FCM took for a device of the card; a pass update Google's saved pass or Apple's
 * push service took.
 */
const deliveredElsewhere = sql`${channelSends.channel} <> 'email' and ${channelSends.delivery} = 'delivered'`;

/**
 * Per message and channel it picked: sent, delivered, failed (refused, outcome unknown, an SMS
 * the carrier could not deliver, a push to devices gone), unsubscribed since, and skipped. A
 * channel with no row yet counts zeros.
 */
export async function messageDelivery(
  db: Db,
  messages: { id: number; channels: readonly Channel[] }[],
): Promise<Map<number, ChannelDelivery[]>> {
  const wanted = messages.filter((m) => m.channels.length > 0);
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({
            purpose: channelSends.purpose,
            channel: channelSends.channel,
            sent: counted(sent),
            delivered: counted(sql`${sent} and (${deliveredMail} or ${deliveredElsewhere})`),
            failed: counted(sql`${channelSends.status} in ('failed', 'unknown')`),
            unsubscribed: counted(sql`${sent} and ${optedOutSince}`),
            skipped: counted(sql`${channelSends.status} = 'skipped'`),
          })
          .from(channelSends)
          .innerJoin(cards, eq(cards.id, channelSends.cardId))
          .innerJoin(customers, eq(customers.id, cards.customerId))
          .where(
            and(
              inArray(
                channelSends.purpose,
                wanted.map((m) => messagePurpose(m.id)),
              ),
            ),
          )
          .groupBy(channelSends.purpose, channelSends.channel);
  const found = new Map(rows.map((r) => [`${r.purpose}|${r.channel}`, r]));
  return new Map(
    messages.map((m) => [
      m.id,
      m.channels.map((channel) => {
        const row = found.get(`${messagePurpose(m.id)}|${channel}`);
        return {
          channel,
          sent: row?.sent ?? 0,
          delivered: row?.delivered ?? 0,
          failed: row?.failed ?? 0,
          unsubscribed: row?.unsubscribed ?? 0,
          skipped: row?.skipped ?? 0,
        };
      }),
    ]),
  );
}
