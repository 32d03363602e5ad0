import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { QrPublic } from "../../../../lib/contract/qr-codes";
import type { WalletCard } from "../../../../lib/contract/wallet";
import { CARD_SECRETS_HEADER, MAX_CARDS_PER_DEVICE } from "../../../../lib/contract/wallet";
import { fileUrl } from "../../../../lib/contract/files";
import type { Db } from "../../db/client";
import { addresses, businesses, cardKeys, cards, qrCodes, rewards } from "../../db/schema";
import { notFound } from "../../http/errors";
import { sha256 } from "../../services/crypto";

export type RewardRow = typeof rewards.$inferSelect;
export type CardRow = typeof cards.$inferSelect;

export const UNKNOWN_QR = "This QR code is not valid any more. Please ask the staff for the current one.";
/** No active reward at the business: nobody joins, and no self-scan stamps (nothing to collect for). */
export const NO_PROGRAMME = "This business has no stamp card running at the moment.";

/**
 * The reward a card or QR code collects for: its own while active, else the business's newest
 * active one (a retired programme hands over to its successor), else none. The first row of
 * `rewards` in this filter and order; the ids may be columns of an enclosing query (staffScan).
 */
export function rewardChoice(businessId: number | SQL, preferredId: number | null | SQL) {
  return {
    where: and(eq(rewards.businessId, businessId), eq(rewards.active, true))!,
    orderBy: [sql`coalesce(${rewards.id} = ${preferredId}, false) desc`, desc(rewards.id)],
  };
}

/** The reward a card or QR code collects for (rewardChoice). */
export async function resolveReward(db: Db, businessId: number, preferredId: number | null): Promise<RewardRow | null> {
  const choice = rewardChoice(businessId, preferredId);
  const [row] = await db
    .select()
    .from(rewards)
    .where(choice.where)
    .orderBy(...choice.orderBy)
    .limit(1);
  return row ?? null;
}

export type ResolvedQr = {
  qr: typeof qrCodes.$inferSelect;
  business: { id: number; name: string; logoFileId: number | null; city: string };
  location: string | null;
  reward: RewardRow | null;
};

/** A live business QR code by its token, or a 404 with the friendly message. */
export async function findQr(db: Db, qrToken: string): Promise<ResolvedQr> {
  const [row] = await db
    .select({
      qr: qrCodes,
      business: {
        id: businesses.id,
        name: businesses.businessName,
        logoFileId: businesses.logoFileId,
        city: businesses.city,
      },
      location: addresses.address,
    })
    .from(qrCodes)
    .innerJoin(businesses, eq(businesses.id, qrCodes.businessId))
    .leftJoin(addresses, eq(addresses.id, qrCodes.addressId))
    .where(eq(qrCodes.qrToken, qrToken))
    .limit(1);
  if (!row) throw notFound(UNKNOWN_QR);
  return { ...row, reward: await resolveReward(db, row.business.id, row.qr.rewardId) };
}

export const publicQr = ({ business, location, reward }: ResolvedQr): QrPublic => ({
  business: {
    id: business.id,
    name: business.name,
    logo: business.logoFileId ? fileUrl(business.logoFileId) : null,
    city: business.city,
  },
  location,
  reward: reward && {
    title: reward.title,
    description: reward.description,
    stamps_required: reward.stampsRequired,
    cooldown_minutes: reward.cooldownMinutes,
  },
});

/** The device's card secrets, as the BFF passes them (comma-separated, at most one per business). */
export function secretsOf(headers: Record<string, string | string[] | undefined>): string[] {
  const raw = headers[CARD_SECRETS_HEADER];
  const text = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z0-9_-]{20,100}$/.test(s))
    .slice(0, MAX_CARDS_PER_DEVICE);
}

/** The card this device holds at a business, if any. */
export async function cardOnDevice(db: Db, secrets: string[], businessId: number): Promise<CardRow | null> {
  if (secrets.length === 0) return null;
  const [row] = await db
    .select({ card: cards })
    .from(cardKeys)
    .innerJoin(cards, eq(cards.id, cardKeys.cardId))
    .where(and(inArray(cardKeys.secretHash, secrets.map(sha256)), eq(cards.businessId, businessId)))
    .limit(1);
  return row?.card ?? null;
}

/** When a self-scan may stamp again, or null when it may now. */
export function nextStampAt(card: Pick<CardRow, "lastSelfStampAt">, reward: RewardRow | null, now = new Date()) {
  if (!card.lastSelfStampAt || !reward) return null;
  const next = new Date(card.lastSelfStampAt.getTime() + reward.cooldownMinutes * 60_000);
  return next > now ? next : null;
}

export function cardView(
  card: CardRow,
  extra: { customerName: string; businessName: string; reward: RewardRow | null },
): WalletCard {
  const { reward } = extra;
  return {
    serial: card.serial,
    customer_name: extra.customerName,
    business_name: extra.businessName,
    stamps: card.stamps,
    stamps_required: reward?.stampsRequired ?? null,
    reward_title: reward?.title ?? null,
    reward_ready: !!reward && card.stamps >= reward.stampsRequired,
    lifetime_stamps: card.lifetimeStamps,
    rewards_redeemed: card.rewardsRedeemed,
    next_stamp_at: nextStampAt(card, reward)?.toISOString() ?? null,
    wallet_links: { apple: null, google: null },
  };
}
