import { desc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { businesses, cards, channelSends, customers, users } from "../../../db/schema";
import { forbidden } from "../../../http/errors";
import { localeOrDefault, translator } from "../../../i18n";
import { deliveryOf, smsOffForPhone } from "./send";
import { validTwilioSignature } from "./signature";

export type SmsHookDeps = { db: Db; config: Pick<Config, "publicAppUrl" | "twilio" | "appName"> };

/** Twilio's opt-out, opt-in and help keywords (its defaults), matched as the whole message. */
const KEYWORDS = {
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"],
  start: ["START", "YES", "UNSTOP"],
  help: ["HELP", "INFO"],
} as const;
type Keyword = keyof typeof KEYWORDS;

export function keywordOf(body: string): Keyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  for (const [keyword, words] of Object.entries(KEYWORDS) as [Keyword, readonly string[]][]) {
    if (words.includes(word)) return keyword;
  }
  return null;
}

/**
 * A request Twilio signed: the signature covers the URL Twilio called (the public origin's, as
 * the BFF passes hooks on) and every form field. Anything else is a 403 that reads nothing.
 */
export function checkTwilioRequest(deps: SmsHookDeps, request: FastifyRequest) {
  const twilio = deps.config.twilio;
  const header = request.headers["x-twilio-signature"];
  const params = Object.fromEntries(
    Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  const url = `${deps.config.publicAppUrl}${request.url}`;
  if (!twilio || typeof header !== "string" || !validTwilioSignature(twilio.authToken, header, url, params)) {
    throw forbidden();
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** TwiML: one reply message, or none. */
export const twimlReply = (text: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${text === null ? "" : `<Message>${escapeXml(text)}</Message>`}</Response>`;

/** The latest card of this number: its business names the reply, its language speaks it. */
async function latestCardOf(db: Db, phone: string) {
  const [row] = await db
    .select({
      business: businesses.businessName,
      locale: sql<string | null>`coalesce(${cards.locale}, ${businesses.cardLocale})`,
      contact: users.email,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .innerJoin(users, eq(users.id, cards.userId))
    .where(eq(customers.phoneE164, phone))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(1);
  return row;
}

/**
 * An incoming SMS: STOP (and its synonyms) turns SMS off on every card of the number, START
 * turns it back on (recorded as consent by keyword), HELP answers who sends and how to stop;
 * each answers its confirmation as TwiML, anything else answers nothing.
 */
export async function inboundSms(deps: SmsHookDeps, body: { From: string; Body: string }) {
  const keyword = keywordOf(body.Body);
  if (!keyword) return twimlReply(null);
  const phone = body.From.trim();
  if (keyword === "stop") await smsOffForPhone(deps.db, phone);
  if (keyword === "start") {
    await deps.db.execute(sql`update cards set sms_opt_out_at = null,
        consent_sms_at = now(), consent_sms_source = 'sms_keyword', updated_at = now()
      where sms_opt_out_at is not null and customer_id in (select id from customers where phone_e164 = ${phone})`);
  }
  const card = await latestCardOf(deps.db, phone);
  const t = translator(localeOrDefault(card?.locale ?? null));
  const business = card?.business ?? deps.config.appName;
  return twimlReply(t(`sms.${keyword}`, { business, contact: card?.contact ?? deps.config.publicAppUrl }));
}

/** How far along a message a status is: a late callback of an earlier status changes nothing. */
const STAGE: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  read: 5,
  canceled: 4,
};

/** A status callback: the message's delivery status on its send; undelivered or failed marks the send failed. */
export async function smsStatus(
  deps: SmsHookDeps,
  body: { MessageSid: string; MessageStatus: string; ErrorCode?: string },
) {
  const delivery = deliveryOf(body.MessageStatus);
  if (!delivery) return;
  const failed = delivery === "failed" || delivery === "undelivered";
  const stages = Object.entries(STAGE)
    .filter(([, stage]) => stage > STAGE[delivery]!)
    .map(([status]) => status);
  await deps.db
    .update(channelSends)
    .set({
      delivery,
      ...(failed && { status: "failed" as const, reason: `twilio_${body.ErrorCode || delivery}` }),
      updatedAt: sql`now()`,
    })
    .where(
      sql`${channelSends.providerId} = ${body.MessageSid} and ${channelSends.channel} = 'sms'
        and (${channelSends.delivery} is null or ${channelSends.delivery} <> all(${sql.param(stages)}::text[]))`,
    );
}
