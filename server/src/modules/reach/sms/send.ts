import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { businesses, cards, channelSends, customers, SMS_DELIVERY_STATUSES } from "../../../db/schema";

type SmsDelivery = (typeof SMS_DELIVERY_STATUSES)[number];
import { childJobId, type JobQueue, type Jobs } from "../../../services/jobs";
import { lockAllowance, smsAllowance } from "./allowance";
import { smsSize } from "./segments";
import type { SmsSender } from "./twilio";

/**
 * One SMS to one card's holder. `purpose` keys it (at most one per card and purpose, like every
 * channel: `message:<id>` for an owner's message); `marketing` sends count toward the weekly cap.
 */
export type SmsJob = { cardId: number; purpose: string; marketing: boolean; body: string };

export const SMS_QUEUE = "sms";

/** The first hour SMS may go out in the business's time zone, and the hour they stop. */
export const QUIET_HOURS = { end: 8, start: 21 } as const;

/** Twilio's error 21610: the number replied STOP to our sender, so Twilio refuses to text it. */
const UNSUBSCRIBED_RECIPIENT = 21610;

/**
 * Sends an SMS once `tx` commits (the database itself when the call has no transaction of its own):
 * the job checks consent, opt-out, phone, quiet hours and the plan's allowance, then claims the send.
 */
export const queueSms = (deps: { jobs: Jobs }, tx: Db, sms: SmsJob) => deps.jobs.enqueue(tx, SMS_QUEUE, sms);

type SmsDeps = { db: Db; sender: SmsSender | null; config: Pick<Config, "publicAppUrl"> };

/** Why a card gets no SMS, or null when it may. */
export function smsRefusal(row: {
  configured: boolean;
  consentAt: Date | null;
  optOutAt: Date | null;
  phone: string | null;
}): string | null {
  if (!row.configured) return "not_configured";
  if (row.optOutAt) return "opted_out";
  if (!row.consentAt) return "no_consent";
  if (!row.phone) return "no_phone";
  return null;
}

/** The card, its holder's phone, and the seconds until 08:00 in the business's time zone when it is night there now. */
async function smsTarget(db: Db, cardId: number) {
  const local = sql`now() at time zone ${businesses.timeZone}`;
  const [row] = await db
    .select({
      userId: cards.userId,
      businessId: cards.businessId,
      consentAt: cards.consentSmsAt,
      optOutAt: cards.smsOptOutAt,
      phone: customers.phoneE164,
      quietFor: sql<number | null>`case when extract(hour from ${local}) >= ${QUIET_HOURS.start}
          or extract(hour from ${local}) < ${QUIET_HOURS.end}
        then ceil(extract(epoch from (
          (date_trunc('day', ${local}) + make_interval(hours => ${QUIET_HOURS.end})
            + case when extract(hour from ${local}) >= ${QUIET_HOURS.start} then interval '1 day' else interval '0' end)
          at time zone ${businesses.timeZone}) - now()))::int end`,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return row;
}

/**
 * The send's row: made here, or the one a message's dispatcher claimed for it (status `claimed`,
 * segments not yet counted: notifications/channels.ts claims before it queues, so the weekly cap
 * counts the SMS at once). The first attempt takes it over once by counting its segments.
 */
const dispatcherClaim = (job: SmsJob) =>
  and(
    eq(channelSends.cardId, job.cardId),
    eq(channelSends.channel, "sms"),
    eq(channelSends.purpose, job.purpose),
    eq(channelSends.status, "claimed"),
    isNull(channelSends.segments),
  );

/** Claims the send, or records it skipped (refused, or over the allowance); null when it is not to be sent. */
async function claim(db: Db, job: SmsJob, target: { userId: number; businessId: number }, refusal: string | null) {
  const segments = smsSize(job.body).segments;
  const row = {
    userId: target.userId,
    businessId: target.businessId,
    cardId: job.cardId,
    channel: "sms" as const,
    purpose: job.purpose,
    marketing: job.marketing,
    segments,
  };
  if (refusal) {
    const skipped = { status: "skipped" as const, reason: refusal };
    await db
      .insert(channelSends)
      .values({ ...row, ...skipped })
      .onConflictDoNothing();
    await db
      .update(channelSends)
      .set({ ...skipped, segments, updatedAt: sql`now()` })
      .where(dispatcherClaim(job));
    return null;
  }
  return db.transaction(async (tx) => {
    await lockAllowance(tx, target.userId);
    const { allowance, used } = await smsAllowance(tx, target.userId);
    const over = used + segments > allowance;
    const outcome = over ? { status: "skipped" as const, reason: "allowance" } : {};
    const [made] = await tx
      .insert(channelSends)
      .values({ ...row, ...outcome })
      .onConflictDoNothing()
      .returning({ id: channelSends.id });
    const [claimed] = made
      ? [made]
      : await tx
          .update(channelSends)
          .set({ segments, ...outcome, updatedAt: sql`now()` })
          .where(dispatcherClaim(job))
          .returning({ id: channelSends.id });
    return claimed && !over ? claimed.id : null;
  });
}

/**
 * The SMS queue. Twilio takes no idempotency key: each (card, purpose) is claimed in
 * channel_sends before Twilio is called, so it goes out at most once; an outcome that is not
 * known is marked `unknown` and never sent again. At night in the business's time zone the job
 * is held (a job of its own, due at 08:00 there) and checks everything again then.
 */
export function registerSms(jobs: Jobs, deps: SmsDeps): JobQueue<SmsJob> {
  const queue: JobQueue<SmsJob> = jobs.work<SmsJob>(SMS_QUEUE, async (job, info) => {
    const target = await smsTarget(deps.db, job.cardId);
    if (!target) return;
    const refusal = smsRefusal({ configured: deps.sender !== null, ...target });
    if (!refusal && target.quietFor !== null) {
      await queue.enqueue(deps.db, job, {
        id: childJobId(info.id, "morning"),
        startAfterSeconds: Math.max(1, Number(target.quietFor)),
      });
      return;
    }
    const claimId = await claim(deps.db, job, target, refusal);
    if (claimId === null || !deps.sender) return;
    const outcome = await deps.sender.send({
      to: target.phone!,
      body: job.body,
      statusCallback: `${deps.config.publicAppUrl}/api/hooks/twilio/status`,
    });
    await recordOutcome(deps.db, claimId, target.phone!, outcome);
  });
  return queue;
}

async function recordOutcome(db: Db, claimId: number, phone: string, outcome: Awaited<ReturnType<SmsSender["send"]>>) {
  const set =
    outcome.kind === "accepted"
      ? { status: "sent" as const, providerId: outcome.sid, delivery: deliveryOf(outcome.status) }
      : outcome.kind === "refused"
        ? { status: "failed" as const, reason: `twilio_${outcome.code ?? outcome.status}` }
        : { status: "unknown" as const, reason: outcome.reason };
  await db
    .update(channelSends)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(channelSends.id, claimId));
  // The number replied STOP to our sender: every card with it turns SMS off, as a STOP here does.
  if (outcome.kind === "refused" && outcome.code === UNSUBSCRIBED_RECIPIENT) await smsOffForPhone(db, phone);
}

/** A delivery status as kept on a send; a status Twilio adds later is kept as null rather than refused. */
export function deliveryOf(status: string): SmsDelivery | null {
  return (SMS_DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as SmsDelivery) : null;
}

/** SMS off (STOP) for every card whose holder has this phone: the first opt-out's time stays. */
export async function smsOffForPhone(db: Db, phone: string) {
  return db.execute(sql`update cards set sms_opt_out_at = coalesce(sms_opt_out_at, now()), updated_at = now()
    where customer_id in (select id from customers where phone_e164 = ${phone})`);
}
