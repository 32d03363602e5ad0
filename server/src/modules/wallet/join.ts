import { eq } from "drizzle-orm";
import { cardLevelView, levelText } from "../levels/progress";
import type { calls } from "../../../../contract/calls";
import type { WalletCard, WalletJoinResult } from "../../../../contract/wallet";
import { customers } from "../../db/schema";
import { invalid } from "../../http/errors";
import type { Context, Result } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { translator, type Translate } from "../../i18n";
import { isLocale } from "../../../../contract/locales";
import { cardWords } from "../../i18n/programme-words";
import { cardPage, cardPageView, counterCheck, findQr, publicPlace } from "../loyalty/cards/cards";
import { deviceHash } from "../loyalty/engine/codes";
import { NO_PROGRAMME } from "../loyalty/engine/rules";
import { holderCard } from "../loyalty/cards/holder-card";
import { joinCard } from "../loyalty/engine/join";
import { passLocations } from "../loyalty/cards/pass-locations";
import { findReferrer, referralUrl } from "../loyalty/referrals/referrals";
import { cardMessages } from "../notifications/messages";
import { unusedVouchers } from "../offers/queries";
import type { WalletDeps } from "./deps";
import { walletLinks } from "./links";
import { todaysPromotions } from "../promotions/service";
import { phoneE164 } from "../reach/sms/phone";
import { cardLinkToken, preferencesUrl } from "../reach/links";

const MINUTES = 60;

/**
 * A shop's customers often share one network (the café's Wi-Fi, a carrier's NAT): the per-IP limits
 * are generous. Joins are held by the device (its oldest card key) and by the QR code's own rate;
 * the address is only a ceiling far above a busy counter's queue, shared by every shop on it.
 */
export const joinLimits = {
  joinsPerDevice: { max: 10, windowSeconds: 15 * MINUTES },
  /** About 10 a minute: three times a counter's rush, where each customer fills in the form. */
  joinsPerQr: { max: 150, windowSeconds: 15 * MINUTES },
  joinsPerIp: { max: 300, windowSeconds: 15 * MINUTES },
} satisfies Record<string, Limit>;

/** Who asks: the request's address and the card keys this device holds. */
export type Asker = { ip: string; secrets: string[]; locale?: string | null };

/** A new card from a business's QR code (and the counter's code), within the join limits. */
export async function joinWallet(
  deps: Pick<WalletDeps, "db" | "events" | "limiter" | "customerMail">,
  body: Context<typeof calls.walletJoin>["body"],
  asker: Asker,
  t: Translate,
): Promise<Result<WalletJoinResult>> {
  const { db, events, limiter } = deps;
  const device = deviceHash(asker.secrets);
  await limiter.hit(`wallet-join:ip:${asker.ip}`, joinLimits.joinsPerIp);
  if (device) await limiter.hit(`wallet-join:device:${device}`, joinLimits.joinsPerDevice);
  const resolved = await findQr(db, body.qr_token);
  if (!resolved.reward) {
    throw invalid("qr_token", NO_PROGRAMME);
  }
  const counter = counterCheck(resolved.qr, body.code);
  if (!counter.ok) throw invalid("code", "scan.counterExpired");
  // A friend's referral link: a card of this business, or a 422 before anything is written.
  const referrer = body.ref ? await findReferrer(db, resolved.business.id, body.ref) : null;
  // After the counter's check: a stranger without the screen's code cannot spend a shop's joins.
  await limiter.hit(`wallet-join:qr:${resolved.qr.id}`, joinLimits.joinsPerQr);
  const origin = {
    counterWindow: counter.window,
    ip: asker.ip,
    deviceHash: device,
  };
  const phone = await phoneE164(db, resolved.business.id, body.phone);
  // joinCard's own transaction nests (a savepoint) in this one, which also holds the events' jobs.
  // The referral's bonus comes when the reward's trigger says (engine/referral.ts).
  const joined = await db.transaction(async (tx) => {
    const result = await joinCard(
      tx,
      events,
      resolved,
      {
        name: body.name,
        email: body.email,
        phone: body.phone,
        phoneE164: phone,
        birthday: body.birthday,
        referrerCardId: referrer,
        consentEmail: body.consent_email,
        consentSms: body.consent_sms,
        locale: asker.locale,
      },
      origin,
    );
    // "Your card" by email, only to a customer who ticked the email consent.
    if (body.consent_email) await deps.customerMail.enqueue(tx, { cardId: result.card.id, purpose: "your-card" });
    return result;
  });
  const data: WalletJoinResult = {
    card: await cardPageView(
      db,
      joined.card,
      { customerName: joined.customerName, businessName: resolved.business.name },
      cardWords(resolved.business.cardLocale, t),
    ),
    card_secret: joined.secret,
  };
  return { statusCode: 201, message: "wallet.joined", data };
}

/** The card on this device: by the live QR code it was opened from, else by its serial (holderCard). */
export async function walletCard(
  deps: Pick<WalletDeps, "db" | "googleWallet" | "config">,
  query: Context<typeof calls.walletCard>["query"],
  secrets: string[],
  t: Translate,
): Promise<Result<WalletCard | null>> {
  const { db } = deps;
  const { card, place, qr } = await holderCard(db, secrets, query);
  if (!card || !place) return { message: "wallet.noCardOnDevice", data: null };
  const [customer] = await db
    .select({ name: customers.name, birthday: customers.birthday })
    .from(customers)
    .where(eq(customers.id, card.customerId))
    .limit(1);
  const customerName = customer?.name ?? "";
  const { business } = place;
  // The card's own reward (what its stamps count toward), not the scanned code's; Google's save
  // link carries the places the pass surfaces near.
  const [{ view, terms, reward }, locations] = await Promise.all([
    cardPage(db, card, { customerName, businessName: business.name }, cardWords(business.cardLocale, t)),
    deps.googleWallet.configured ? passLocations(db, business.id, business.name) : [],
  ]);
  // Before the links: a Google Wallet pass saved now shows the card's messages too.
  const messages = await cardMessages(db, business.id, card.id);
  // A stale token is never handed on: the links name the card by its serial then.
  const token = qr ? query.qr_token : undefined;
  const data = {
    ...view,
    // The card's own programme heads its page, also when the code scanned joins another one.
    place: publicPlace({ ...place, reward }),
    wallet_links: walletLinks(deps, card, customerName, place, token, locations, messages, terms),
    referral_url: await referralUrl(db, deps.config.publicAppUrl, card, qr?.id ?? null),
    preferences_url: preferencesUrl(deps.config.publicAppUrl, cardLinkToken(deps.config.linkSecret, card.serial)),
  };
  const promotions = reward ? await todaysPromotions(db, reward.id) : [];
  const vouchers = await unusedVouchers(db, card.id);
  const level = await cardLevelView(db, card.id);
  // The level's words in the card's language, as its balance's (cardWords).
  const lt = isLocale(business.cardLocale) ? translator(business.cardLocale) : t;
  return {
    message: "wallet.card",
    data: {
      ...data,
      messages,
      birthday: customer?.birthday ?? null,
      promotions_today: promotions,
      vouchers,
      level: level?.progress ?? null,
      level_text: level ? levelText(level, lt) : null,
    },
  };
}
