import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { hundredthsText } from "../../../../contract/money";
import { addToWalletUrl } from "../../../../contract/qr-codes";
import type { V1Card } from "../../../../contract/v1/cards";
import type { Db } from "../../db/client";
import { cards, customers, qrCodes } from "../../db/schema";
import { cardBalance, cardTerms } from "../loyalty/cards/card-balance";
import { resolveReward } from "../loyalty/cards/cards";
import { pointsPerUnitHundredths } from "../loyalty/engine/earn";
import { wordsIn } from "../../i18n/programme-words";
import { cardLevel } from "../levels/progress";

/** The public API answers in English only (see i18n/sentence.ts). */
const english = wordsIn("en");

/** The owner's cards matching `where`, as the public API shows them (at most `max`). */
async function v1Cards(db: Db, origin: string, ownerId: number, where: SQL, max = 50): Promise<V1Card[]> {
  const rows = await db
    .select({ card: cards, customer: { name: customers.name, email: customers.email, phone: customers.phone } })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(and(eq(cards.userId, ownerId), where))
    .orderBy(cards.id)
    .limit(max);
  return Promise.all(
    rows.map(async ({ card, customer }) => {
      const reward = await resolveReward(db, card.businessId, card.rewardId);
      const balance = cardBalance(await cardTerms(db, card.businessId, reward), card.stamps, english);
      // The business's newest QR code: its add-to-wallet page opens the card on the customer's phone.
      const [qr] = await db
        .select({ token: qrCodes.qrToken })
        .from(qrCodes)
        .where(eq(qrCodes.businessId, card.businessId))
        .orderBy(desc(qrCodes.id))
        .limit(1);
      return {
        serial: card.serial,
        business_id: card.businessId,
        customer,
        programme: balance.kind,
        balance: card.stamps,
        balance_text: balance.balance_text,
        points_per_unit:
          reward && pointsPerUnitHundredths(reward) > 0 ? hundredthsText(pointsPerUnitHundredths(reward)) : null,
        reward_ready: balance.reward_ready,
        level: await cardLevel(db, card.id),
        url: qr ? addToWalletUrl(origin, qr.token) : null,
        created_at: card.createdAt.toISOString(),
      };
    }),
  );
}

async function v1Card(db: Db, origin: string, ownerId: number, where: SQL): Promise<V1Card | undefined> {
  return (await v1Cards(db, origin, ownerId, where, 1))[0];
}

/** One of the owner's cards by its id or its serial, as the public API shows it. */
export const v1CardById = (db: Db, origin: string, ownerId: number, id: number) =>
  v1Card(db, origin, ownerId, eq(cards.id, id));
export const v1CardBySerial = (db: Db, origin: string, ownerId: number, serial: string) =>
  v1Card(db, origin, ownerId, eq(cards.serial, serial));

/** The owner's cards of a customer by email (any case) or phone (its digits alone compared). */
export function v1CardsOfContact(db: Db, origin: string, ownerId: number, contact: { email?: string; phone?: string }) {
  const match = contact.email
    ? sql`lower(${customers.email}) = lower(${contact.email})`
    : sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') = ${contact.phone!.replace(/\D/g, "")}`;
  return v1Cards(db, origin, ownerId, match);
}
