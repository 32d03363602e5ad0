import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { calls } from "../../../../contract/calls";
import type { WalletJoinResult } from "../../../../contract/wallet";
import { cards, customers, walletCodes } from "../../db/schema";
import { hashSecret, otpCode, verifySecret } from "../../crypto";
import { invalid } from "../../http/errors";
import type { Context, Result } from "../../http/route";
import { localeOrDefault, translator, type Translate } from "../../i18n";
import { cardWords } from "../../i18n/programme-words";
import { walletCodeMail } from "../../services/mail-templates";
import type { Limit } from "../../services/rate-limit";
import { cardPageView, findQr } from "../loyalty/cards/cards";
import { takeOverCard } from "../loyalty/cards/take-over";
import type { WalletDeps } from "./deps";

const MINUTES = 60;
const CODE_TTL_MINUTES = 10;
const CODE_MAX_ATTEMPTS = 5;
/** How many of a card's latest unexpired codes an entered code may match (one is sent a minute). */
const LIVE_CODES = 3;
const BAD_CODE = "wallet.badCode";
const CODE_SENT = "wallet.codeSent";
export const RECOVERED = "wallet.recovered";

const limits = {
  codeSendsPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeSendsPerCard: { max: 1, windowSeconds: MINUTES },
  codeFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTES },
  codeFailuresPerCard: { max: 10, windowSeconds: 60 * MINUTES },
} satisfies Record<string, Limit>;

type RecoverBody = Context<typeof calls.walletRecover>["body"];

/**
 * Opens a card on another device: without `code` it emails a code (the same answer whether or
 * not the email has a card here); with it, the card on this device alone (takeOverCard).
 */
export async function recoverWallet(
  deps: Pick<WalletDeps, "db" | "limiter" | "queueMail" | "config">,
  body: RecoverBody,
  ip: string,
  t: Translate,
): Promise<Result<{ code_sent: boolean } | WalletJoinResult>> {
  const { db, limiter } = deps;
  const resolved = await findQr(db, body.qr_token);
  const [card] = await db
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
    await limiter.hit(`wallet-code:ip:${ip}`, limits.codeSendsPerIp);
    if (card) {
      try {
        await limiter.hit(`wallet-code:card:${card.card.id}`, limits.codeSendsPerCard);
      } catch {
        // One code a minute; the one already sent still works. Same answer either way.
        return { message: CODE_SENT, data: { code_sent: true } };
      }
      const code = otpCode();
      // Earlier codes stay valid until they expire: whoever else asks for a code (someone who
      // joined with this email, say) cannot void the one the email's owner is typing.
      const codeHash = await hashSecret(code);
      await db.transaction(async (tx) => {
        await tx.insert(walletCodes).values({
          cardId: card.card.id,
          codeHash,
          expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
        });
        await deps.queueMail(
          tx,
          walletCodeMail(
            deps.config.appName,
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

  const attempt = await limiter.attempt([
    [`wallet-code-fail:ip:${ip}`, limits.codeFailuresPerIp],
    [`wallet-code-fail:card:${card?.card.id ?? body.email}`, limits.codeFailuresPerCard],
  ]);
  if (!card) throw invalid("code", BAD_CODE);
  // The card's latest live codes may each be the one typed (see above; a few, so a guess is
  // not tried against many). Each counts an attempt, in one statement before comparing, so
  // parallel guesses cannot pass the limit.
  const recent = db
    .select({ id: walletCodes.id })
    .from(walletCodes)
    .where(
      and(eq(walletCodes.cardId, card.card.id), isNull(walletCodes.consumedAt), gt(walletCodes.expiresAt, sql`now()`)),
    )
    .orderBy(desc(walletCodes.id))
    .limit(LIVE_CODES);
  const live = await db
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
  const consumed = await db
    .update(walletCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(walletCodes.cardId, card.card.id), isNull(walletCodes.consumedAt)))
    .returning({ id: walletCodes.id });
  if (!consumed.some((row) => row.id === matched)) throw invalid("code", BAD_CODE);
  await attempt.succeeded();

  const taken = await takeOverCard(db, card.card);
  const data: WalletJoinResult = {
    card: await cardPageView(
      db,
      taken.card,
      { customerName: card.name, businessName: resolved.business.name },
      cardWords(resolved.business.cardLocale, t),
    ),
    card_secret: taken.secret,
  };
  return { message: RECOVERED, data };
}
