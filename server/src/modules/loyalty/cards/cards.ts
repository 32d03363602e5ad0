import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { cardLook, lookColumns, type LookRow } from "../../card-design/service";
import type { QrPublic } from "../../../../../contract/qr-codes";
import type { CardPlace, WalletCard } from "../../../../../contract/wallet";
import { CARD_SECRETS_HEADER, MAX_CARDS_PER_DEVICE } from "../../../../../contract/wallet";
import { fileUrl } from "../../../../../contract/files";
import type { ProgrammeWords } from "../../../../../contract/programme";
import type { Db } from "../../../db/client";
import { addresses, businesses, cardKeys, cards, qrCodes, rewards, users } from "../../../db/schema";
import { notFound } from "../../../http/errors";
import { sha256 } from "../../../crypto";
import { codeWindow } from "./counter-code";
import { businessToday, businessTomorrow } from "../engine/day";
import { cardBalance, cardTerms, type CardTerms } from "./card-balance";
import { newestActiveRewardId } from "../engine/lock";
import { chooseReward, nextStampAt, type CardRow, type DayBounds, type RewardRow } from "../engine/rules";
import { stampsRequiredOf } from "../../../../../contract/kinds";

export type { CardRow, DayBounds, RewardRow };
export { nextStampAt };

export const UNKNOWN_QR = "qr.stale";
export const UNKNOWN_CARD = "cards.unknown";

/** The reward a card or QR code collects for (chooseReward, of its candidates as read here). */
export async function resolveReward(db: Db, businessId: number, preferredId: number | null): Promise<RewardRow | null> {
  const candidates = await db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.businessId, businessId),
        or(eq(rewards.id, preferredId ?? 0), eq(rewards.id, newestActiveRewardId(businessId))),
      ),
    );
  return chooseReward(candidates, preferredId);
}

export type ResolvedQr = {
  qr: typeof qrCodes.$inferSelect;
  business: { id: number; name: string; logoFileId: number | null; city: string } & LookRow;
  location: string | null;
  reward: RewardRow | null;
};

/**
 * A live business QR code by its token, or a 404 with the friendly message. A code of an owner who
 * deleted their account is not live: it answers like a deleted code ("does not work any more"), so
 * nobody joins (leaving their data with a business that is gone) or stamps there any more.
 */
export async function findQr(db: Db, qrToken: string): Promise<ResolvedQr> {
  const [row] = await db
    .select({
      qr: qrCodes,
      business: {
        id: businesses.id,
        name: businesses.businessName,
        logoFileId: businesses.logoFileId,
        city: businesses.city,
        ...lookColumns,
      },
      location: addresses.address,
    })
    .from(qrCodes)
    .innerJoin(businesses, eq(businesses.id, qrCodes.businessId))
    .innerJoin(users, and(eq(users.id, qrCodes.userId), isNull(users.deletedAt)))
    .leftJoin(addresses, eq(addresses.id, qrCodes.addressId))
    .where(eq(qrCodes.qrToken, qrToken))
    .limit(1);
  if (!row) throw notFound(UNKNOWN_QR);
  return { ...row, reward: await resolveReward(db, row.business.id, row.qr.rewardId) };
}

/**
 * Whether a scan of this QR code may stamp with this counter code: a static code needs none; a
 * rotating one the current or previous window's (counter-code.ts). `window` is the code's window.
 */
export function counterCheck(qr: ResolvedQr["qr"], code: string | null | undefined) {
  if (qr.mode !== "rotating") return { ok: true, window: null };
  const window = qr.counterSecret ? codeWindow(qr.counterSecret, code) : null;
  return { ok: window !== null, window };
}

/** A business and reward as the public pages show them (a QR code's page, a card's page). */
export const publicPlace = ({
  business,
  location,
  reward,
}: Pick<ResolvedQr, "business" | "location" | "reward">): CardPlace => ({
  business: {
    id: business.id,
    name: business.name,
    logo: business.logoFileId ? fileUrl(business.logoFileId) : null,
    city: business.city,
    design: cardLook({ ...business, businessName: business.name }),
  },
  location,
  reward: reward && {
    title: reward.title,
    description: reward.description,
    stamps_required: reward.stampsRequired,
    cooldown_minutes: reward.cooldownMinutes,
    kind: reward.kind,
    referral_trigger: reward.referralTrigger,
  },
});

export const publicQr = (resolved: ResolvedQr, codeOk: boolean): QrPublic => ({
  ...publicPlace(resolved),
  mode: resolved.qr.mode,
  code_ok: codeOk,
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

export async function dayBounds(db: Db, businessId: number): Promise<DayBounds> {
  const result = (await db.execute(sql`select
      (extract(epoch from now()) * 1000)::float8 as now,
      ${businessToday(businessId)}::text as today,
      (extract(epoch from ${businessTomorrow(businessId)}) * 1000)::float8 as tomorrow`)) as unknown as {
    rows: { now: number; today: string; tomorrow: number }[];
  };
  const row = result.rows[0]!;
  return { now: new Date(Number(row.now)), today: row.today, tomorrow: new Date(Number(row.tomorrow)) };
}

export function cardView(
  card: CardRow,
  extra: {
    customerName: string;
    businessName: string;
    reward: RewardRow | null;
    terms: CardTerms;
    day?: DayBounds;
    words: ProgrammeWords;
  },
): WalletCard {
  const { reward } = extra;
  const balance = cardBalance(extra.terms, card.stamps, extra.words);
  return {
    serial: card.serial,
    customer_name: extra.customerName,
    business_name: extra.businessName,
    stamps: card.stamps,
    // Points and cashback count no stamps toward the reward (their rewards store 0).
    stamps_required: stampsRequiredOf(reward),
    reward_title: reward?.title ?? null,
    reward_ready: balance.reward_ready,
    lifetime_stamps: card.lifetimeStamps,
    rewards_redeemed: card.rewardsRedeemed,
    next_stamp_at: nextStampAt(card, reward, extra.day ?? null)?.toISOString() ?? null,
    wallet_links: { apple: null, google: null },
    kind: balance.kind,
    balance_text: balance.balance_text,
    options: balance.options,
  };
}

/**
 * The card as its page shows it: the reward the card collects for (its own, chooseReward, not the
 * scanned code's) and the business's day, so `next_stamp_at` counts the daily cap as well as the
 * cooldown. wallet-card, wallet-join and wallet-recover all answer this: the page right after a
 * join or a recovery says what it says on the next load.
 */
export async function cardPageView(
  db: Db,
  card: CardRow,
  names: { customerName: string; businessName: string },
  words: ProgrammeWords,
): Promise<WalletCard> {
  return (await cardPage(db, card, names, words)).view;
}

/** cardPageView with the terms it was written in (the wallet links show the same balance). */
export async function cardPage(
  db: Db,
  card: CardRow,
  names: { customerName: string; businessName: string },
  words: ProgrammeWords,
) {
  const [reward, day] = await Promise.all([
    resolveReward(db, card.businessId, card.rewardId),
    dayBounds(db, card.businessId),
  ]);
  const terms = await cardTerms(db, card.businessId, reward);
  return { view: cardView(card, { ...names, reward, terms, day, words }), terms, reward };
}
