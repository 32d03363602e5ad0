import { eq, sql } from "drizzle-orm";
import { fileUrl } from "../../../../contract/files";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { businesses, cards, channelSends, customers } from "../../db/schema";
import { localeOrDefault, translator, type Translate } from "../../i18n";
import { customerMail, type CustomerMailButton as Button } from "../../services/customer-mail-templates";
import type { JobQueue, Jobs } from "../../services/jobs";
import type { Mail, Mailer } from "../../services/mail";
import { nameForMail } from "../../services/mail-templates";
import { cardLinkToken, preferencesUrl, unsubscribeUrl } from "./links";

/** A mail to one card's holder: `your-card` (sent on a join with email consent). */
export type CustomerMailJob = { cardId: number; purpose: "your-card" };
export type CustomerMailQueue = JobQueue<CustomerMailJob>;

export type MailDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "publicAppUrl" | "linkSecret" | "unsubscribeEmail">;
};

/** Why a card gets no mail on a channel, or null when it may. */
export function emailRefusal(row: {
  bouncedAt: Date | null;
  optOutAt: Date | null;
  consentAt: Date | null;
}): string | null {
  if (row.bouncedAt) return "bounced";
  if (row.optOutAt) return "opted_out";
  if (!row.consentAt) return "no_consent";
  return null;
}

/** The SMTP reply code of a failed send, when the server answered one. */
const smtpCode = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : undefined;
};

/**
 * Sends one mail claimed in channel_sends: a send is claimed (its unique key) before the provider
 * is called, so it goes out at most once. SMTP takes no idempotency key: an outcome that is not
 * known (a 4xx, a timeout) is marked `unknown` and never sent again blindly; a permanent refusal
 * (5xx) marks the customer's address bounced, and no mail goes to it again. Never throws: a rerun
 * of the job finds the claim and sends nothing.
 */
export async function sendClaimed(db: Db, mailer: Mailer, claimId: number, customerId: number, mail: Mail) {
  try {
    await mailer.send(mail);
    await db
      .update(channelSends)
      .set({ status: "sent", reason: null, updatedAt: sql`now()` })
      .where(eq(channelSends.id, claimId));
  } catch (error) {
    const code = smtpCode(error);
    const permanent = code !== undefined && code >= 500;
    await db
      .update(channelSends)
      .set({
        status: permanent ? "failed" : "unknown",
        reason: code ? `smtp_${code}` : "no_answer",
        updatedAt: sql`now()`,
      })
      .where(eq(channelSends.id, claimId));
    if (permanent) {
      await db
        .update(customers)
        .set({ emailBouncedAt: sql`coalesce(${customers.emailBouncedAt}, now())` })
        .where(eq(customers.id, customerId));
    }
  }
}

/** The card, its holder and business as a customer mail needs them. */
export async function mailTarget(db: Db, cardId: number) {
  const [row] = await db
    .select({
      card: cards,
      customer: { id: customers.id, name: customers.name, email: customers.email, bouncedAt: customers.emailBouncedAt },
      business: {
        name: businesses.businessName,
        cardLocale: businesses.cardLocale,
        background: businesses.cardBackgroundColor,
        foreground: businesses.cardForegroundColor,
        logoFileId: businesses.logoFileId,
      },
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return row;
}
export type MailTarget = NonNullable<Awaited<ReturnType<typeof mailTarget>>>;

/** What a card mail says, made in the card's language; `cardPage` is the card page's URL. */
type MailContent = (
  t: Translate,
  names: { business: string; customer: string; cardPage: string },
) => { kind: string; subject: string; title: string; paragraphs: string[]; buttons: Button[] };

/**
 * A mail to a card's holder in the card's language (the page they joined on, else the business's
 * card language) and the business's look, with the card's unsubscribe and preferences links.
 */
export async function cardMail(deps: MailDeps, target: MailTarget, content: MailContent) {
  const { card, customer, business } = target;
  const { publicAppUrl, linkSecret, unsubscribeEmail } = deps.config;
  const t = translator(localeOrDefault(card.locale ?? business.cardLocale));
  const token = cardLinkToken(linkSecret, card.serial);
  const cardPage = `${publicAppUrl}/add-to-wallet`;
  return customerMail({
    ...content(t, { business: nameForMail(business.name), customer: nameForMail(customer.name), cardPage }),
    to: customer.email,
    brand: {
      name: business.name,
      background: business.background,
      foreground: business.foreground,
      logoUrl: business.logoFileId ? `${publicAppUrl}${fileUrl(business.logoFileId)}` : null,
    },
    links: {
      unsubscribe: unsubscribeUrl(publicAppUrl, token),
      preferences: preferencesUrl(publicAppUrl, token),
      mailto: unsubscribeEmail,
    },
    t,
  });
}

/** "Your card": the card page's link and its wallets, in the card's language and the business's look. */
const yourCardMail = (deps: MailDeps, target: MailTarget) =>
  cardMail(deps, target, (t, { business, customer, cardPage }) => ({
    kind: "customer-your-card",
    subject: t("mail.yourCard.subject", { business }),
    title: t("mail.yourCard.title", { name: customer }),
    paragraphs: [t("mail.yourCard.intro", { business })],
    // The wallets are offered on the card page, where this device's card key opens the pass.
    buttons: [
      { label: t("mail.yourCard.open"), href: cardPage },
      { label: t("mail.yourCard.apple"), href: `${cardPage}#wallet` },
      { label: t("mail.yourCard.google"), href: `${cardPage}#wallet` },
    ],
  }));

/** Why a card's holder gets no mail now (bounced address, opted out, no consent), or null. */
export const cardEmailRefusal = ({ card, customer }: MailTarget) =>
  emailRefusal({ bouncedAt: customer.bouncedAt, optOutAt: card.emailOptOutAt, consentAt: card.consentEmailAt });

/** The customer-mail queue: each (card, purpose) is claimed once, then sent (sendClaimed). */
export function registerCustomerMail(jobs: Jobs, deps: MailDeps): CustomerMailQueue {
  return jobs.work<CustomerMailJob>("customer-mail", async ({ cardId, purpose }) => {
    const target = await mailTarget(deps.db, cardId);
    if (!target) return;
    const { card, customer } = target;
    const refusal = cardEmailRefusal(target);
    const [claim] = await deps.db
      .insert(channelSends)
      .values({
        userId: card.userId,
        businessId: card.businessId,
        cardId,
        channel: "email",
        purpose,
        ...(refusal && { status: "skipped" as const, reason: refusal }),
      })
      .onConflictDoNothing()
      .returning({ id: channelSends.id });
    if (!claim || refusal) return;
    await sendClaimed(deps.db, deps.mailer, claim.id, customer.id, await yourCardMail(deps, target));
  });
}
