import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { notFound } from "../../http/errors";
import { processSizedImage } from "../../services/images";
import { deleteFile, storeImage } from "../files/service";
import { fileUrl } from "../../../../contract/files";
import { isLocale } from "../../../../contract/locales";
import { readableOn } from "../../../../contract/contrast";
import {
  APPLE_STRIP_SIZE,
  DEFAULT_CARD_COLOURS,
  MAX_CARD_TITLE,
  type CardDesign,
  type CardLook,
  type cardDesignUpdateBody,
} from "../../../../contract/card-design";
import type { z } from "zod";

type UpdateBody = z.output<typeof cardDesignUpdateBody>;

const businessNotFound = () => notFound("business.notFound");

/** Apple's strip at 3x (the pass scales @1x and @2x from it) and Google's hero. */
const STRIP_SIZES = [
  { width: APPLE_STRIP_SIZE.width * 3, height: APPLE_STRIP_SIZE.height * 3 },
  { width: 1032, height: 336 },
] as const;

/** The design's columns of a business, for the selects that feed a card's pages and passes. */
export const lookColumns = {
  cardTitle: businesses.cardTitle,
  cardBackgroundColor: businesses.cardBackgroundColor,
  cardForegroundColor: businesses.cardForegroundColor,
  cardLabelColor: businesses.cardLabelColor,
  cardLocale: businesses.cardLocale,
  stripFileId: businesses.stripFileId,
  heroFileId: businesses.heroFileId,
};
const designColumns = {
  id: businesses.id,
  businessName: businesses.businessName,
  logoFileId: businesses.logoFileId,
  ...lookColumns,
};
export type LookRow = {
  cardTitle: string | null;
  cardBackgroundColor: string | null;
  cardForegroundColor: string | null;
  cardLabelColor: string | null;
  cardLocale: string | null;
  stripFileId: number | null;
  heroFileId: number | null;
};
export type DesignRow = LookRow & { businessName: string };

/** A business's design, its defaults (today's look, the business name as title) where unset. */
export function designOf(row: DesignRow) {
  return {
    title: row.cardTitle ?? row.businessName.slice(0, MAX_CARD_TITLE),
    background_color: row.cardBackgroundColor ?? DEFAULT_CARD_COLOURS.background_color,
    foreground_color: row.cardForegroundColor ?? DEFAULT_CARD_COLOURS.foreground_color,
    label_color: row.cardLabelColor ?? DEFAULT_CARD_COLOURS.label_color,
    locale: isLocale(row.cardLocale) ? row.cardLocale : null,
    /** Whether the owner chose the colours (else the Apple pass keeps its logo's). */
    designed: row.cardBackgroundColor !== null,
  };
}

/** The design as the customer's side shows it, with a text colour readable on its background. */
export function cardLook(row: DesignRow): CardLook {
  const { designed: _designed, ...design } = designOf(row);
  return {
    ...design,
    text_color: readableOn(design.background_color),
    strip_url: row.stripFileId ? fileUrl(row.stripFileId) : null,
  };
}

function toCardDesign(row: DesignRow & { id: number; logoFileId: number | null }, publicAppUrl: string): CardDesign {
  const { designed: _designed, ...design } = designOf(row);
  return {
    business_id: row.id,
    ...design,
    logo_url: row.logoFileId ? fileUrl(row.logoFileId) : null,
    strip_url: row.stripFileId ? fileUrl(row.stripFileId) : null,
    google_hero_url: row.heroFileId ? `${publicAppUrl}${fileUrl(row.heroFileId)}` : null,
  };
}

export async function getCardDesign(db: Db, ownerId: number, businessId: number, publicAppUrl: string) {
  const [row] = await db
    .select(designColumns)
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, ownerId)))
    .limit(1);
  if (!row) throw businessNotFound();
  return toCardDesign(row, publicAppUrl);
}

/**
 * Saves the design. The strip is checked and re-encoded before the transaction (sharp is slow);
 * a replaced or removed strip's files go with it. `onSaved` runs in the transaction, so the jobs
 * that bring saved passes up to date are written with the change or not at all.
 */
export async function updateCardDesign(
  db: Db,
  ownerId: number,
  body: UpdateBody,
  publicAppUrl: string,
  onSaved: (tx: Db, businessId: number) => Promise<void>,
): Promise<CardDesign> {
  const strip =
    body.strip &&
    (await processSizedImage(
      // The server only ever receives bytes (multipart); a Blob is the browser's side of the schema.
      body.strip instanceof Uint8Array ? body.strip : new Uint8Array(),
      "strip",
      "strip image",
      STRIP_SIZES,
    ));
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ stripFileId: businesses.stripFileId, heroFileId: businesses.heroFileId })
      .from(businesses)
      .where(and(eq(businesses.id, body.business_id), eq(businesses.userId, ownerId)))
      .for("update");
    if (!current) throw businessNotFound();
    const replace = Boolean(strip) || body.remove_strip === true;
    const [stripFileId, heroFileId] = strip
      ? [await storeImage(tx, ownerId, strip[0]!), await storeImage(tx, ownerId, strip[1]!)]
      : replace
        ? [null, null]
        : [current.stripFileId, current.heroFileId];
    await tx
      .update(businesses)
      .set({
        cardTitle: body.title,
        cardBackgroundColor: body.background_color,
        cardForegroundColor: body.foreground_color,
        cardLabelColor: body.label_color,
        cardLocale: body.locale,
        stripFileId,
        heroFileId,
        updatedAt: sql`now()`,
      })
      .where(eq(businesses.id, body.business_id));
    if (replace) {
      for (const old of [current.stripFileId, current.heroFileId]) if (old) await deleteFile(tx, ownerId, old);
    }
    await onSaved(tx, body.business_id);
  });
  return getCardDesign(db, ownerId, body.business_id, publicAppUrl);
}
