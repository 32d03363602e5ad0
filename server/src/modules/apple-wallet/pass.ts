import { eq } from "drizzle-orm";
import { cardLevelView, levelText } from "../levels/progress";
import type { Db } from "../../db/client";
import { businesses, cards, customers, files } from "../../db/schema";
import { resolveReward } from "../loyalty/cards/cards";
import { withHolder } from "../loyalty/engine/card-holder";
import { passLocations } from "../loyalty/cards/pass-locations";
import { cardTerms, type CardTerms } from "../loyalty/cards/card-balance";
import { serverKind } from "../../kinds";
import { cardMessages } from "../notifications/messages";
import { unusedVouchers } from "../offers/queries";
import type { CardVoucher } from "../../../../contract/offers";
import type { AppleWalletConfig } from "../../settings/apple-wallet";
import { hexToRgb, type PassImageCache } from "./images";
import { designOf, lookColumns } from "../card-design/service";
import { APPLE_WEB_SERVICE_PATH } from "../../../../contract/apple-wallet";
import { localeOrDefault, translator, type Translate } from "../../i18n";

const english = translator("en");

/** What a card's pass shows, read in one query (plus the reward it collects for); the logo by id. */
export async function passData(db: Db, cardId: number) {
  const [row] = await withHolder(
    db
      .select({
        card: cards,
        customerName: customers.name,
        businessName: businesses.businessName,
        logoFileId: businesses.logoFileId,
        ...lookColumns,
      })
      .from(cards)
      .$dynamic(),
  )
    .where(eq(cards.id, cardId))
    .limit(1);
  if (!row) return null;
  const [reward, locations, [message], vouchers, level] = await Promise.all([
    resolveReward(db, row.card.businessId, row.card.rewardId),
    passLocations(db, row.card.businessId, row.businessName),
    // The newest message that reached this card: a back field of the pass.
    cardMessages(db, row.card.businessId, row.card.id, 1),
    unusedVouchers(db, row.card.id),
    cardLevelView(db, row.card.id),
  ]);
  const terms = await cardTerms(db, row.card.businessId, reward);
  return { ...row, design: designOf(row), reward, terms, locations, message: message ?? null, vouchers, level };
}

export type PassData = NonNullable<Awaited<ReturnType<typeof passData>>>;

/** A back field per unused voucher: its title, its code and until when; a new one says so on the lock screen. */
export const voucherFields = (vouchers: CardVoucher[], t: Translate) =>
  vouchers.map((v) => ({
    key: `voucher-${v.code}`,
    label: v.title,
    value: t("pass.voucher", { code: v.code, expires: Date.parse(v.expires_at) }),
  }));

/**
 * The pass's balance, as the programme's kind fills it: a stamp card's "3 of 10" under
 * "Stamps"; "340 points" under "Points"; "€4.60" under "Balance". The lock screen says the new
 * value when it changes.
 */
export function balanceField(
  terms: CardTerms,
  reward: { title: string; stampsRequired: number } | null,
  balance: number,
  t: Translate = english,
) {
  return serverKind(terms.kind).appleBalanceField({ terms, reward, balance }, t);
}

/** The reward line: a stamp card's reward (ready or not); points: what the next option still needs. */
export function rewardField(
  terms: CardTerms,
  reward: { title: string; stampsRequired: number },
  balance: number,
  t: Translate = english,
) {
  return serverKind(terms.kind).appleRewardField({ terms, reward, balance }, t);
}

/** The longest message notice: the lock screen shows a few lines; the web card has the whole text. */
export const MESSAGE_NOTICE_CHARS = 160;

/**
 * The card's latest message as a back field, "Title: text". Its key and label are the
 * same on every pass, and the field is there before the first message too: Wallet shows a field's
 * `changeMessage` on the lock screen when that field's value changes from one version of the pass
 * to the next (a field that merely appears, or whose key changed, may pass in silence). Only a new
 * message changes it, never a stamp.
 */
export function messageField(data: Pick<PassData, "message" | "businessName">, t: Translate = english) {
  const { message } = data;
  const label = t("pass.latestMessage");
  if (!message) return { key: "message", label, value: t("pass.messagesShowHere", { business: data.businessName }) };
  const text = `${message.title}: ${message.message}`;
  const value = text.length > MESSAGE_NOTICE_CHARS ? `${text.slice(0, MESSAGE_NOTICE_CHARS - 1)}…` : text;
  return { key: "message", label, value, changeMessage: "%@" };
}

/**
 * A signed storeCard `.pkpass` for one card. `authenticationToken` is the pass's own (minted at
 * download, presented back by the phone); serialNumber and the barcode are the card serial, which
 * is what staff scan (loyalty/codes.ts).
 */
export async function buildPass(
  config: AppleWalletConfig,
  publicAppUrl: string,
  data: PassData,
  authenticationToken: string,
  imageCache: PassImageCache,
  db: Db,
): Promise<Buffer> {
  const { card, reward } = data;
  const locale = localeOrDefault(data.design.locale);
  const t = translator(locale);
  const { files: images, colours } = await imageCache.get(data.logoFileId, async () => {
    if (data.logoFileId === null) return null;
    const [logo] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.id, data.logoFileId)).limit(1);
    return logo?.bytes ?? null;
  });
  const { design, stripFileId } = data;
  const strip =
    stripFileId === null
      ? {}
      : await imageCache.strip(stripFileId, async () => {
          const [file] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.id, stripFileId)).limit(1);
          return file?.bytes ?? null;
        });
  // The owner's design wins; a business never designed keeps the colours of its logo.
  const passColours = design.designed
    ? {
        backgroundColor: hexToRgb(design.background_color),
        foregroundColor: hexToRgb(design.foreground_color),
        labelColor: hexToRgb(design.label_color),
      }
    : colours;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: card.serial,
    organizationName: data.businessName,
    description: t("pass.description", { business: data.businessName }),
    // A business never designed keeps its whole name (the design's title is at most 40 characters).
    logoText: design.designed ? design.title : data.businessName,
    ...passColours,
    webServiceURL: `${publicAppUrl}/api${APPLE_WEB_SERVICE_PATH}`,
    authenticationToken,
    sharingProhibited: true,
    // The lock screen offers the card near the business's places; none: no key at all.
    ...(data.locations.length > 0 && { locations: data.locations }),
    storeCard: {},
  };
  // Loaded with the first pass: its module tree (node-forge among it) is not needed to start.
  const { PKPass } = await import("passkit-generator");
  const pass = new PKPass(
    { "pass.json": Buffer.from(JSON.stringify(passJson)), ...images, ...strip },
    {
      wwdr: config.wwdrCert,
      signerCert: config.passCert,
      signerKey: config.passKey,
      signerKeyPassphrase: config.passKeyPassphrase,
    },
  );
  // Only a field with a changeMessage makes an update show on the lock screen.
  pass.primaryFields.push(balanceField(data.terms, reward, card.stamps, t));
  if (reward) pass.secondaryFields.push(rewardField(data.terms, reward, card.stamps, t));
  // The level and the way to the next; a move shows on the lock screen.
  if (data.level) {
    pass.auxiliaryFields.push({
      key: "level",
      label: t("pass.level"),
      value: levelText(data.level, t),
      changeMessage: "%@",
    });
  }
  pass.auxiliaryFields.push({ key: "member", label: t("pass.member"), value: data.customerName });
  pass.backFields.push(messageField(data, t));
  pass.backFields.push(...voucherFields(data.vouchers, t));
  if (reward?.description)
    pass.backFields.push({ key: "reward-details", label: reward.title, value: reward.description });
  pass.backFields.push(
    { key: "card-number", label: t("pass.cardNumber"), value: card.serial },
    { key: "lifetime", label: t("pass.lifetime"), value: String(card.lifetimeStamps) },
    { key: "redeemed", label: t("pass.redeemed"), value: String(card.rewardsRedeemed) },
    { key: "how", label: t("pass.how"), value: t("pass.howText") },
  );
  pass.setBarcodes({
    format: "PKBarcodeFormatQR",
    message: card.serial,
    messageEncoding: "iso-8859-1",
    altText: card.serial,
  });
  return pass.getAsBuffer();
}
