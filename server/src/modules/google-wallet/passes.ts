import type { CardVoucher } from "../../../../contract/offers";
import { levelText, type CardLevelView } from "../levels/progress";
import { DEFAULT_KIND } from "../../../../contract/kinds";
import { serverKind } from "../../kinds";
import type { ProgrammeTerms } from "../../../../contract/programme";
import type { CardMessage } from "../../../../contract/notifications";
import type { GoogleWalletConfig } from "../../settings/google-wallet";
import type { Locale } from "../../../../contract/locales";
import { translator, type Translate } from "../../i18n";

/** The brand colour of the web card (app/styles/base.css --primary): the look of a business never designed. */
export const PASS_BACKGROUND = "#4f46e5";

export type PassBusiness = {
  id: number;
  name: string;
  logoUrl: string;
  /** The card's language: the class's texts; none: English. */
  locale?: Locale;
  /** Where the pass surfaces on the phone: the business's places with coordinates. */
  locations?: { latitude: number; longitude: number }[];
  /** The owner's card design; absent for a business never designed (today's look). */
  design?: ClassDesign;
};
export type ClassDesign = { title: string; backgroundColor: string; heroUrl: string | null };
export type PassCard = {
  serial: string;
  customerName: string;
  stamps: number;
  reward: { title: string; stampsRequired: number } | null;
  /** The programme's terms (loyalty/card-balance.ts); none or stamps: a stamp card as before. */
  terms?: ProgrammeTerms;
  /** The card's latest messages: a pass saved now shows them, without a notification. */
  messages?: CardMessage[];
  /** The card's language (the business's): the object's texts; none: English. */
  locale?: Locale;
  /** The card's unused vouchers: a text module each (an empty list takes them off). */
  vouchers?: CardVoucher[];
  /** The card's level and the way to the next (null: the programme has none). */
  level?: CardLevelView | null;
};

/** Google's ids are `ISSUER.suffix` with the suffix in [A-Za-z0-9._-]; a card serial already is. */
const suffix = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, "_");
export const classId = (config: GoogleWalletConfig, businessId: number) => `${config.issuerId}.business-${businessId}`;
export const objectId = (config: GoogleWalletConfig, serial: string) => `${config.issuerId}.${suffix(serial)}`;

/** Google's LocalizedString: the text in the card's language, tagged with it (BCP 47). */
const localized = (value: string, locale: Locale = "en") => ({
  defaultValue: { language: locale === "en" ? "en-US" : locale, value },
});

/** The business's template: every holder's pass shows this logo, name and colour. */
export function loyaltyClass(config: GoogleWalletConfig, business: PassBusiness) {
  const t = translator(business.locale ?? "en");
  return {
    id: classId(config, business.id),
    issuerName: business.name.slice(0, 100),
    programLogo: {
      sourceUri: { uri: business.logoUrl },
      contentDescription: localized(t("pass.logo", { business: business.name }), business.locale),
    },
    ...classLook(business.design, t("pass.programName"), business.locale),
    reviewStatus: "UNDER_REVIEW",
    ...(business.locations?.length && {
      locations: business.locations.map(({ latitude, longitude }) => ({ latitude, longitude })),
    }),
  };
}

/**
 * The class's look: the design's title, colour and hero image (the public https URL
 * Google fetches), or today's look. A PATCH of these reaches every saved pass of the business;
 * `heroImage: null` takes a removed strip off.
 */
export function classLook(design: ClassDesign | undefined, programName = "Stamp card", locale?: Locale) {
  if (!design) return { programName, hexBackgroundColor: PASS_BACKGROUND };
  return { programName: design.title, ...objectLook(design, locale) };
}

/**
 * The object's look: an object's `hexBackgroundColor` and `heroImage` override its
 * class's, so every object the server writes carries the design's, and a new design PATCHes them.
 * None for a business never designed: its objects show the class's. `heroImage: null` removes one.
 */
export function objectLook(design: ClassDesign | undefined, locale?: Locale) {
  if (!design) return {};
  return {
    hexBackgroundColor: design.backgroundColor,
    heroImage: design.heroUrl
      ? { sourceUri: { uri: design.heroUrl }, contentDescription: localized(design.title, locale) }
      : null,
  };
}

/** What changes with a stamp or a redeem: the balance and the reward line, as the programme's kind fills them. */
export function loyaltyObjectPatch(
  card: Pick<PassCard, "stamps" | "reward" | "terms" | "locale" | "vouchers" | "level">,
) {
  const t = translator(card.locale ?? "en");
  const terms = card.terms ?? { kind: DEFAULT_KIND, stampsRequired: null, currency: null };
  const patch = serverKind(terms.kind).googlePatch({ balance: card.stamps, reward: card.reward, terms }, t);
  // The kind's modules first, then the vouchers': a PATCH replaces the list whole.
  const level = card.level ? [{ id: "level", header: t("pass.level"), body: levelText(card.level, t) }] : [];
  return {
    ...patch,
    textModulesData: [...patch.textModulesData, ...level, ...voucherModules(card.vouchers ?? [], t)],
  };
}

/** The object's text modules: one per unused voucher, its title over its code and until when. */
export const voucherModules = (vouchers: CardVoucher[], t: Translate) =>
  vouchers.map((v) => ({
    id: `voucher-${v.code}`,
    header: v.title.slice(0, 100),
    body: t("pass.voucher", { code: v.code, expires: Date.parse(v.expires_at) }),
  }));

export { moneyMicros } from "../../kinds/cashback";

/** One customer's card: stamps as points, the serial as the QR staff scan. */
export function loyaltyObject(
  config: GoogleWalletConfig,
  business: Pick<PassBusiness, "id" | "design">,
  card: PassCard,
) {
  const { heroImage, ...look } = objectLook(business.design);
  const businessId = business.id;
  return {
    id: objectId(config, card.serial),
    classId: classId(config, businessId),
    state: "ACTIVE",
    accountId: card.serial,
    accountName: card.customerName.slice(0, 100),
    barcode: { type: "QR_CODE", value: card.serial, alternateText: card.serial },
    ...loyaltyObjectPatch(card),
    // A new object has no hero to remove: a null is left out of the save link.
    ...look,
    ...(heroImage && { heroImage }),
    ...(card.messages?.length && { messages: loyaltyMessages(card.messages) }),
  };
}

/**
 * The "Save to Google Wallet" JWT's claims (wallets.md): the class travels with the object, so the
 * first holder of a business creates it; `origins` is where the link may be opened from.
 */
export function saveClaims(
  config: GoogleWalletConfig,
  publicAppUrl: string,
  business: PassBusiness,
  card: PassCard,
  now = Date.now(),
) {
  return {
    iss: config.clientEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor(now / 1000),
    origins: [publicAppUrl],
    payload: {
      loyaltyClasses: [loyaltyClass(config, business)],
      loyaltyObjects: [loyaltyObject(config, business, card)],
    },
  };
}

/** A message's id on the pass: the same for the same message, so a PATCH sent again repeats nothing. */
export const messageId = (id: number) => `message-${id}`;

/**
 * The object's `messages`: the card's latest messages, newest first (the web card's
 * list). Only `notify` (the message just sent) is TEXT_AND_NOTIFY, which makes the phone show a
 * notification (at most 3 a pass a day); the others are already known, and are plain TEXT.
 */
export function loyaltyMessages(messages: CardMessage[], notify?: number) {
  return messages.map((m) => ({
    id: messageId(m.id),
    header: m.title.slice(0, 100),
    body: m.message,
    messageType: m.id === notify ? "TEXT_AND_NOTIFY" : "TEXT",
  }));
}
