import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { WalletJoinResult } from "../../../../contract/wallet";
import { cards, customers, walletCodes } from "../../db/schema";
import { invalid } from "../../http/errors";
import { route } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { hashSecret, otpCode, verifySecret } from "../../crypto";
import { queueMail } from "../../services/mail-jobs";
import { walletCodeMail } from "../../services/mail-templates";
import { localeOrDefault, translator } from "../../i18n";
import { cardPage, cardPageView, counterCheck, findQr, publicPlace, secretsOf } from "../loyalty/cards/cards";
import { deviceHash } from "../loyalty/engine/codes";
import { NO_PROGRAMME } from "../loyalty/engine/rules";
import { holderCard } from "../loyalty/cards/holder-card";
import { joinCard } from "../loyalty/engine/join";
import { findReferrer, referralUrl } from "../loyalty/referrals/referrals";
import { takeOverCard } from "../loyalty/cards/take-over";
import { walletLinks } from "./links";
import { passLocations } from "../loyalty/cards/pass-locations";
import { cardMessages } from "../notifications/messages";
import { cardWords } from "../../i18n/programme-words";

const MINUTES = 60;
const CODE_TTL_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;
/** How many of a card's latest unexpired codes an entered code may match (one is sent a minute). */
const LIVE_CODES = 3;
const BAD_CODE = "wallet.badCode";
const CODE_SENT = "wallet.codeSent";
export const RECOVERED = "wallet.recovered";

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

const limits = {
  codeSendsPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeSendsPerCard: { max: 1, windowSeconds: MINUTES },
  codeFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeFailuresPerCard: { max: 10, windowSeconds: 60 * MINUTES },
} satisfies Record<string, Limit>;

export function walletRoutes(app: FastifyInstance) {
  route(app, calls.walletJoin, async ({ body, request, t }) => {
    const device = deviceHash(secretsOf(request.headers));
    await app.limiter.hit(`wallet-join:ip:${request.ip}`, joinLimits.joinsPerIp);
    if (device) await app.limiter.hit(`wallet-join:device:${device}`, joinLimits.joinsPerDevice);
    const resolved = await findQr(app.db, body.qr_token);
    if (!resolved.reward) {
      throw invalid("qr_token", NO_PROGRAMME);
    }
    const counter = counterCheck(resolved.qr, body.code);
    if (!counter.ok) throw invalid("code", "scan.counterExpired");
    // A friend's referral link: a card of this business, or a 422 before anything is written.
    const referrer = body.ref ? await findReferrer(app.db, resolved.business.id, body.ref) : null;
    // After the counter's check: a stranger without the screen's code cannot spend a shop's joins.
    await app.limiter.hit(`wallet-join:qr:${resolved.qr.id}`, joinLimits.joinsPerQr);
    const origin = {
      counterWindow: counter.window,
      ip: request.ip,
      deviceHash: device,
    };
    // joinCard's own transaction nests (a savepoint) in this one, which also holds the events' jobs.
    // The referral's bonus comes when the reward's trigger says (engine/referral.ts).
    const joined = await app.db.transaction((tx) =>
      joinCard(
        tx,
        app.events,
        resolved,
        { name: body.name, email: body.email, phone: body.phone, birthday: body.birthday, referrerCardId: referrer },
        origin,
      ),
    );
    const data: WalletJoinResult = {
      card: await cardPageView(
        app.db,
        joined.card,
        { customerName: joined.customerName, businessName: resolved.business.name },
        cardWords(resolved.business.cardLocale, t),
      ),
      card_secret: joined.secret,
    };
    return { statusCode: 201, message: "wallet.joined", data };
  });

  /** The card on this device: by the live QR code it was opened from, else by its serial (holderCard). */
  route(app, calls.walletCard, async ({ query, request, t }) => {
    const { card, place, qr } = await holderCard(app.db, secretsOf(request.headers), query);
    if (!card || !place) return { message: "wallet.noCardOnDevice", data: null };
    const [customer] = await app.db
      .select({ name: customers.name, birthday: customers.birthday })
      .from(customers)
      .where(eq(customers.id, card.customerId))
      .limit(1);
    const customerName = customer?.name ?? "";
    const { business } = place;
    // The card's own reward (what its stamps count toward), not the scanned code's; Google's save
    // link carries the places the pass surfaces near.
    const [{ view, terms, reward }, locations] = await Promise.all([
      cardPage(app.db, card, { customerName, businessName: business.name }, cardWords(business.cardLocale, t)),
      app.googleWallet.configured ? passLocations(app.db, business.id, business.name) : [],
    ]);
    // Before the links: a Google Wallet pass saved now shows the card's messages too.
    const messages = await cardMessages(app.db, business.id, card.id);
    // A stale token is never handed on: the links name the card by its serial then.
    const token = qr ? query.qr_token : undefined;
    const data = {
      ...view,
      // The card's own programme heads its page, also when the code scanned joins another one.
      place: publicPlace({ ...place, reward }),
      wallet_links: walletLinks(app, card, customerName, place, token, locations, messages, terms),
      referral_url: await referralUrl(app.db, app.config.publicAppUrl, card, qr?.id ?? null),
    };
    return { message: "wallet.card", data: { ...data, messages, birthday: customer?.birthday ?? null } };
  });

  /**
   * Opens a card on another device: without `code` it emails a code (the same answer whether or
   * not the email has a card here); with it, the card on this device alone (takeOverCard).
   */
  route(app, calls.walletRecover, async ({ body, request, t }) => {
    const resolved = await findQr(app.db, body.qr_token);
    const [card] = await app.db
      .select({ card: cards, name: customers.name })
      .from(cards)
      .innerJoin(customers, eq(customers.id, cards.customerId))
      // The owner first: customers_owner_email_unique finds the one customer, then its card here
      // (without it, every owner's customers were scanned for the email: a cheap denial of service).
      .where(
        and(
          eq(customers.userId, resolved.qr.userId),
          sql`lower(${customers.email}) = lower(${body.email})`,
          eq(cards.businessId, resolved.business.id),
        ),
      )
      .limit(1);

    if (!body.code) {
      await app.limiter.hit(`wallet-code:ip:${request.ip}`, limits.codeSendsPerIp);
      if (card) {
        try {
          await app.limiter.hit(`wallet-code:card:${card.card.id}`, limits.codeSendsPerCard);
        } catch {
          // One code a minute; the one already sent still works. Same answer either way.
          return { message: CODE_SENT, data: { code_sent: true } };
        }
        const code = otpCode();
        // Earlier codes stay valid until they expire: whoever else asks for a code (someone who
        // joined with this email, say) cannot void the one the email's owner is typing.
        const codeHash = await hashSecret(code);
        await app.db.transaction(async (tx) => {
          await tx.insert(walletCodes).values({
            cardId: card.card.id,
            codeHash,
            expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
          });
          await queueMail(
            app,
            tx,
            walletCodeMail(
              app.config.appName,
              body.email,
              resolved.business.name,
              code,
              translator(localeOrDefault(resolved.business.cardLocale)),
            ),
          );
        });
      }
      return { message: CODE_SENT, data: { code_sent: true } };
    }

    const attempt = await app.limiter.attempt([
      [`wallet-code-fail:ip:${request.ip}`, limits.codeFailuresPerIp],
      [`wallet-code-fail:card:${card?.card.id ?? body.email}`, limits.codeFailuresPerCard],
    ]);
    if (!card) throw invalid("code", BAD_CODE);
    // The card's latest live codes may each be the one typed (see above; a few, so a guess is
    // not tried against many). Each counts an attempt, in one statement before comparing, so
    // parallel guesses cannot pass the limit.
    const recent = app.db
      .select({ id: walletCodes.id })
      .from(walletCodes)
      .where(
        and(
          eq(walletCodes.cardId, card.card.id),
          isNull(walletCodes.consumedAt),
          gt(walletCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(walletCodes.id))
      .limit(LIVE_CODES);
    const live = await app.db
      .update(walletCodes)
      .set({ attempts: sql`${walletCodes.attempts} + 1` })
      .where(and(inArray(walletCodes.id, recent), lt(walletCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ id: walletCodes.id, codeHash: walletCodes.codeHash });
    let matched: number | undefined;
    for (const candidate of live.sort((a, b) => b.id - a.id)) {
      if (await verifySecret(candidate.codeHash, body.code)) {
        matched = candidate.id;
        break;
      }
    }
    if (matched === undefined) throw invalid("code", BAD_CODE);
    // Spent, with every other live code of the card: one entered code is one recovery.
    const consumed = await app.db
      .update(walletCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(walletCodes.cardId, card.card.id), isNull(walletCodes.consumedAt)))
      .returning({ id: walletCodes.id });
    if (!consumed.some((row) => row.id === matched)) throw invalid("code", BAD_CODE);
    await attempt.succeeded();

    const taken = await takeOverCard(app.db, card.card);
    const data: WalletJoinResult = {
      card: await cardPageView(
        app.db,
        taken.card,
        { customerName: card.name, businessName: resolved.business.name },
        cardWords(resolved.business.cardLocale, t),
      ),
      card_secret: taken.secret,
    };
    return { message: RECOVERED, data };
  });
}
