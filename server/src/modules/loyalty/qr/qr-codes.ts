import { and, count, desc, eq, sql } from "drizzle-orm";
import { cardLook, lookColumns } from "../../card-design/service";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import QRCode from "qrcode";
import sharp from "sharp";
import { fileUrl } from "../../../../../contract/files";
import {
  addToWalletUrl,
  type CounterCode,
  type QrCode,
  type QrCodeDetail,
  type QrPublic,
} from "../../../../../contract/qr-codes";
import type { Db } from "../../../db/client";
import { addresses, businesses, qrCodes, rewards, scanDays } from "../../../db/schema";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import type { AuthUser } from "../../../http/auth";
import type { Body, Query } from "../shared/deps";
import { notifyDoorClosed } from "../../../services/counter-feed";
import { findBusiness } from "../../businesses/service";
import { counterCheck, findQr, publicQr, resolveReward } from "../cards/cards";
import { newestActiveRewardId } from "../engine/lock";
import { chooseReward } from "../engine/rules";
import { currentCode, newCounterSecret } from "../cards/counter-code";
import { counterScreenQr } from "../counter/counter-access";
import { newQrToken } from "../engine/codes";
import { findReward } from "../rewards/rewards";
import { stampsRequiredOf } from "../../../../../contract/kinds";

/** 2048 px: a 17 cm print at 300 dpi, enough for an A4 poster; error correction M survives a worn print. */
const PRINT_PX = 2048;

/**
 * Each row's reward candidates in the same query (its own and the business's newest active one),
 * of which `chooseReward` picks as `resolveReward` does.
 */
const ownReward = alias(rewards, "own_reward");
const newestReward = alias(rewards, "newest_reward");

const select = (db: Db) =>
  db
    .select({
      id: qrCodes.id,
      label: qrCodes.label,
      qr_token: qrCodes.qrToken,
      mode: qrCodes.mode,
      business_id: qrCodes.businessId,
      business_name: businesses.businessName,
      logoFileId: businesses.logoFileId,
      address_id: qrCodes.addressId,
      address: addresses.address,
      preferredRewardId: qrCodes.rewardId,
      own: ownReward,
      newest: newestReward,
      // From the scan_days rollup (a row a day at most), index-only on scan_days_qr_idx: the same
      // cost at any number of scans.
      scans_count: sql<number>`(select coalesce(sum(d.joins + d.stamps + d.redeems), 0)::int from ${scanDays} d
        where d.qr_code_id = "qr_codes"."id")`,
      createdAt: qrCodes.createdAt,
    })
    .from(qrCodes)
    .innerJoin(businesses, eq(businesses.id, qrCodes.businessId))
    .leftJoin(addresses, eq(addresses.id, qrCodes.addressId))
    .leftJoin(ownReward, and(eq(ownReward.id, qrCodes.rewardId), eq(ownReward.businessId, qrCodes.businessId)))
    .leftJoin(newestReward, eq(newestReward.id, newestActiveRewardId(qrCodes.businessId)));
type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

/** A QR code as the dashboard lists it; `origin` is the web app's (its add-to-wallet URL). */
const toQrCode =
  (origin: string) =>
  ({ logoFileId, preferredRewardId, own, newest, createdAt, ...row }: Row): QrCode => {
    const reward = chooseReward([own, newest], preferredRewardId);
    return {
      ...row,
      url: addToWalletUrl(origin, row.qr_token),
      business_logo: logoFileId ? fileUrl(logoFileId) : null,
      reward_id: reward?.id ?? null,
      reward_title: reward?.title ?? null,
      stamps_required: reward?.stampsRequired ?? null,
      reward_kind: reward?.kind ?? null,
      scans_count: Number(row.scans_count),
      created_at: createdAt.toISOString(),
    };
  };

async function findMine(db: Db, origin: string, ownerId: number, id: number) {
  const [row] = await select(db)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound("qr.notFound");
  return toQrCode(origin)(row);
}

export async function qrCodePage(db: Db, origin: string, ownerId: number, query: Query<"listQrcode">) {
  const where = and(
    eq(qrCodes.userId, ownerId),
    query.business_id ? eq(qrCodes.businessId, query.business_id) : undefined,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(qrCodes).where(where))[0]!.n,
    async (limit, offset) =>
      (await select(db).where(where).orderBy(desc(qrCodes.id)).limit(limit).offset(offset)).map(toQrCode(origin)),
  );
}

/** One of the owner's QR codes with its print files: an SVG and a PNG at print size. */
export async function qrCodePrint(db: Db, origin: string, ownerId: number, id: number): Promise<QrCodeDetail> {
  const qr = await findMine(db, origin, ownerId, id);
  const margin = 2;
  const svg = await QRCode.toString(qr.url, { errorCorrectionLevel: "M", margin, type: "svg" });
  // The PNG is the SVG rasterised by sharp (libvips): qrcode's own PNG encoder is pure
  // JavaScript and takes a busy event loop's worth of time at print size.
  const modules = QRCode.create(qr.url, { errorCorrectionLevel: "M" }).modules.size + 2 * margin;
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * PRINT_PX) / modules) })
    .resize(PRINT_PX, PRINT_PX, { kernel: "nearest" })
    .png({ palette: true })
    .toBuffer();
  return { ...qr, png: `data:image/png;base64,${png.toString("base64")}`, svg };
}

export async function addQrCode(db: Db, origin: string, ownerId: number, body: Body<"generateQr">): Promise<QrCode> {
  await findBusiness(db, ownerId, body.business_id);
  if (body.address_id) {
    const [address] = await db
      .select({ businessId: addresses.businessId })
      .from(addresses)
      .where(and(eq(addresses.id, body.address_id), eq(addresses.userId, ownerId)))
      .limit(1);
    if (!address) throw notFound("address.notFound");
    if (address.businessId !== body.business_id) {
      throw invalid("address_id", "qr.addressOtherBusiness");
    }
  }
  let rewardId: number | null = null;
  if (body.reward_id) {
    const reward = await findReward(db, ownerId, body.reward_id);
    if (reward.business_id !== body.business_id) {
      throw invalid("reward_id", "qr.rewardOtherBusiness");
    }
    rewardId = reward.id;
  } else {
    const [newest] = await db
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.businessId, body.business_id), eq(rewards.active, true)))
      .orderBy(desc(rewards.id))
      .limit(1);
    if (!newest) throw invalid("reward_id", "qr.rewardFirst");
    rewardId = newest.id;
  }
  const [row] = await db
    .insert(qrCodes)
    .values({
      userId: ownerId,
      businessId: body.business_id,
      addressId: body.address_id ?? null,
      rewardId,
      label: body.label,
      qrToken: newQrToken(),
      mode: body.mode,
      counterSecret: body.mode === "rotating" ? newCounterSecret() : null,
    })
    .returning({ id: qrCodes.id });
  return findMine(db, origin, ownerId, row!.id);
}

/**
 * The token stops working at once: the page and the scanner look it up on every request; its
 * counter screens' streams end, on every API instance.
 */
export async function deleteQrCode(db: Db, ownerId: number, id: number) {
  const gone = await db
    .delete(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.userId, ownerId)))
    .returning({ id: qrCodes.id });
  if (gone.length === 0) throw notFound("qr.notFound");
  await notifyDoorClosed(db, [ownerId]);
}

/** A live QR code as its public page shows it, and whether the counter code in its URL stamps. */
export async function qrDetail(db: Db, qrToken: string, code: string | null | undefined): Promise<QrPublic> {
  const resolved = await findQr(db, qrToken);
  return publicQr(resolved, counterCheck(resolved.qr, code).ok);
}

/**
 * A new token (and counter secret) for the same row: label, reward, mode, scans and device links
 * stay; the old URL answers "does not work any more" from the next request on.
 */
export async function regenerateQrCode(db: Db, origin: string, ownerId: number, qrId: number): Promise<QrCode> {
  const [row] = await db
    .update(qrCodes)
    .set({
      qrToken: newQrToken(),
      counterSecret: sql`case when ${qrCodes.mode} = 'rotating' then ${newCounterSecret()} else null end`,
    })
    .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, ownerId)))
    .returning({ id: qrCodes.id });
  if (!row) throw notFound("qr.notFound");
  return findMine(db, origin, ownerId, row.id);
}

export async function setQrMode(db: Db, origin: string, ownerId: number, body: Body<"qrModeUpdate">): Promise<QrCode> {
  const [row] = await db
    .update(qrCodes)
    .set({
      mode: body.mode,
      // A code that starts rotating gets its key; one kept while static is kept for later.
      counterSecret:
        body.mode === "rotating" ? sql`coalesce(${qrCodes.counterSecret}, ${newCounterSecret()})` : undefined,
    })
    .where(and(eq(qrCodes.id, body.qr_id), eq(qrCodes.userId, ownerId)))
    .returning({ id: qrCodes.id });
  if (!row) throw notFound("qr.notFound");
  return findMine(db, origin, ownerId, row.id);
}

/**
 * The counter screen's code: for the owner or staff of the QR code's owner, or for
 * the tablet signed in to this screen. A static code's URL carries no code.
 */
export async function counterCode(
  db: Db,
  origin: string,
  user: AuthUser | null,
  request: FastifyRequest,
  qrId: number,
): Promise<CounterCode> {
  const qr = await counterScreenQr(db, user, request, qrId);
  const [[business], reward] = await Promise.all([
    db
      .select({ name: businesses.businessName, logoFileId: businesses.logoFileId, ...lookColumns })
      .from(businesses)
      .where(eq(businesses.id, qr.businessId))
      .limit(1),
    resolveReward(db, qr.businessId, qr.rewardId),
  ]);
  const data: CounterCode = {
    url: addToWalletUrl(origin, qr.qrToken),
    code: null,
    expires_at: null,
    mode: qr.mode,
    label: qr.label,
    business_name: business?.name ?? "",
    business_logo: business?.logoFileId ? fileUrl(business.logoFileId) : null,
    reward_title: reward?.title ?? null,
    // Points and cashback count no stamps: the screen names the reward alone.
    stamps_required: stampsRequiredOf(reward),
    reward_kind: reward?.kind ?? null,
    // The screen in the card's colours, its text black or white as AA needs.
    ...(business && { design: cardLook({ ...business, businessName: business.name }) }),
  };
  if (qr.mode === "rotating" && qr.counterSecret) {
    const current = currentCode(qr.counterSecret);
    Object.assign(data, {
      url: addToWalletUrl(origin, qr.qrToken, current.code),
      code: current.code,
      expires_at: current.expiresAt.toISOString(),
    });
  }
  return data;
}
