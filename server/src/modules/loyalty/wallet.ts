import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import { COUNTER_EXPIRED } from "../../../../lib/contract/qr-codes";
import type { WalletJoinResult } from "../../../../lib/contract/wallet";
import { cardKeys, cards, customers, walletCodes } from "../../db/schema";
import { invalid } from "../../http/errors";
import { route } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { hashSecret, otpCode, sha256, verifySecret } from "../../services/crypto";
import { walletCodeMail } from "../../services/mail-templates";
import {
  cardOnDevice,
  cardView,
  counterCheck,
  dayBounds,
  deviceHash,
  findQr,
  NO_PROGRAMME,
  resolveReward,
  secretsOf,
} from "./cards";
import { newCardSecret } from "./codes";
import { joinCard } from "./stamping";
import { walletLinks } from "./wallet-links";
import { cardMessages } from "../notifications/messages";

const MINUTES = 60;
const CODE_TTL_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;
const BAD_CODE = "The code is incorrect or has expired. Please request a new code.";
const CODE_SENT = "If this email has a card here, we have sent it a code. It expires in 10 minutes.";

/** A shop's customers often share one network (the café's Wi-Fi): the per-IP limits are generous. */
const limits = {
  joinsPerIp: { max: 60, windowSeconds: 15 * MINUTES },
  codeSendsPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeSendsPerCard: { max: 1, windowSeconds: MINUTES },
  codeFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeFailuresPerCard: { max: 10, windowSeconds: 60 * MINUTES },
} satisfies Record<string, Limit>;

export function walletRoutes(app: FastifyInstance) {
  route(app, calls.walletJoin, async ({ body, request }) => {
    await app.limiter.hit(`wallet-join:ip:${request.ip}`, limits.joinsPerIp);
    const resolved = await findQr(app.db, body.qr_token);
    if (!resolved.reward) {
      throw invalid("qr_token", NO_PROGRAMME);
    }
    const counter = counterCheck(resolved.qr, body.code);
    if (!counter.ok) throw invalid("code", COUNTER_EXPIRED);
    const origin = {
      counterWindow: counter.window,
      ip: request.ip,
      deviceHash: deviceHash(secretsOf(request.headers)),
    };
    const joined = await joinCard(app.db, resolved, { name: body.name, email: body.email }, origin);
    const { userId: ownerId, businessId, id: cardId } = joined.card;
    app.events.emit({ type: "card.joined", ownerId, businessId, cardId });
    if (joined.flagged) app.events.emit({ type: "card.flagged", ownerId, businessId, cardId, reason: joined.flagged });
    const data: WalletJoinResult = {
      card: cardView(joined.card, {
        customerName: joined.customerName,
        businessName: resolved.business.name,
        reward: resolved.reward,
      }),
      card_secret: joined.secret,
    };
    return { statusCode: 201, message: "Welcome! Your card has its first stamp.", data };
  });

  route(app, calls.walletCard, async ({ query, request }) => {
    const resolved = await findQr(app.db, query.qr_token);
    const card = await cardOnDevice(app.db, secretsOf(request.headers), resolved.business.id);
    if (!card) return { message: "No card on this device.", data: null };
    const [customer] = await app.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, card.customerId))
      .limit(1);
    const customerName = customer?.name ?? "";
    // The card's own reward (what its stamps count toward), not the scanned code's.
    const [reward, day] = await Promise.all([
      resolveReward(app.db, card.businessId, card.rewardId),
      dayBounds(app.db, card.businessId),
    ]);
    const data = {
      ...cardView(card, { customerName, businessName: resolved.business.name, reward, day }),
      wallet_links: walletLinks(app, card, customerName, resolved, query.qr_token),
    };
    return { message: "Your card.", data: { ...data, messages: await cardMessages(app.db, resolved.business.id) } };
  });

  /**
   * Opens a card on another device: without `code` it emails a code (the same answer whether or
   * not the email has a card here); with it, a new key for this device.
   */
  route(app, calls.walletRecover, async ({ body, request }) => {
    const resolved = await findQr(app.db, body.qr_token);
    const [card] = await app.db
      .select({ card: cards, name: customers.name })
      .from(cards)
      .innerJoin(customers, eq(customers.id, cards.customerId))
      .where(and(eq(cards.businessId, resolved.business.id), sql`lower(${customers.email}) = lower(${body.email})`))
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
        await app.db
          .update(walletCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(walletCodes.cardId, card.card.id), isNull(walletCodes.consumedAt)));
        await app.db.insert(walletCodes).values({
          cardId: card.card.id,
          codeHash: await hashSecret(code),
          expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
        });
        const mail = walletCodeMail(app.config.appName, body.email, resolved.business.name, code);
        app.afterResponse(() => app.mailer.send(mail));
      }
      return { message: CODE_SENT, data: { code_sent: true } };
    }

    const attempt = await app.limiter.attempt([
      [`wallet-code-fail:ip:${request.ip}`, limits.codeFailuresPerIp],
      [`wallet-code-fail:card:${card?.card.id ?? body.email}`, limits.codeFailuresPerCard],
    ]);
    if (!card) throw invalid("code", BAD_CODE);
    const [latest] = await app.db
      .select()
      .from(walletCodes)
      .where(and(eq(walletCodes.cardId, card.card.id), isNull(walletCodes.consumedAt)))
      .orderBy(desc(walletCodes.id))
      .limit(1);
    if (!latest || latest.expiresAt.getTime() <= Date.now()) throw invalid("code", BAD_CODE);
    // Counted before comparing, atomically: parallel guesses cannot pass the limit.
    const [counted] = await app.db
      .update(walletCodes)
      .set({ attempts: sql`${walletCodes.attempts} + 1` })
      .where(
        and(eq(walletCodes.id, latest.id), lt(walletCodes.attempts, CODE_MAX_ATTEMPTS), isNull(walletCodes.consumedAt)),
      )
      .returning({ attempts: walletCodes.attempts });
    if (!counted || !(await verifySecret(latest.codeHash, body.code))) throw invalid("code", BAD_CODE);
    const [consumed] = await app.db
      .update(walletCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(walletCodes.id, latest.id), isNull(walletCodes.consumedAt)))
      .returning({ id: walletCodes.id });
    if (!consumed) throw invalid("code", BAD_CODE);
    await attempt.succeeded();

    const secret = newCardSecret();
    await app.db.insert(cardKeys).values({ cardId: card.card.id, secretHash: sha256(secret) });
    const data: WalletJoinResult = {
      card: cardView(card.card, {
        customerName: card.name,
        businessName: resolved.business.name,
        reward: resolved.reward,
      }),
      card_secret: secret,
    };
    return { message: "Your card is on this device again.", data };
  });
}
