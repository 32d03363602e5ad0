import { kindsSql } from "../../kinds";
import { and, eq, gte, lt, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { queueCardHolderPush } from "../notifications/push-targets";
import { automations, automationSends, businesses, cards, offers } from "../../db/schema";
import { issueVoucher } from "../loyalty/engine/voucher";
import { runBirthdays } from "./birthdays";
import { candidatePage, claimAndWrite, type AutomationRow, type Candidate, type OnSent } from "./message";

export { fillPlaceholders } from "./message";
import { EXPIRY_NOTICE_DAYS } from "../../../../contract/automations";
import { expiresAtSql } from "../loyalty/rewards/expiry";
import { nearRewardPeriod, nearRewardWhere, programmeOf } from "../customers/segments";

/** What the automations use that the composition root (app.ts) creates. */
export type AutomationDeps = {
  db: Db;
  events: Events;
  jobs: Jobs;
  log: FastifyBaseLogger;
  config: Pick<Config, "fcm">;
};

/** Welcome messages go to cards this recent (a missed tick catches up; older cards are not greeted). */
const WELCOME_WINDOW_MS = 2 * 86_400_000;

/** Cards one page of an automation's tick reads: a business of 100,000 cards is never all in memory. */
export const AUTOMATION_PAGE = 500;

/**
 * A page of the cards an automation is due for at `now` and has not been sent to in their period
 * (each with its once-per-period key), by card id after `afterCardId`: a tick sends to the new
 * ones only, rather than trying every inactive card again each quarter of an hour.
 */
async function candidates(db: Db, a: AutomationRow, now: Date, afterCardId: number): Promise<Candidate[]> {
  const p = programmeOf(a.userId);
  const at = (ms: number) => new Date(ms);
  let where: SQL | undefined;
  let period: SQL<string>;
  switch (a.kind) {
    case "win_back":
      where = lt(cards.lastVisitAt, at(now.getTime() - (a.days ?? 30) * 86_400_000));
      // One message per absence: a visit starts a new one.
      period = sql<string>`'absence:' || (extract(epoch from ${cards.lastVisitAt}) * 1000000)::bigint::text`;
      break;
    case "birthday":
      // The birthday run's (birthdays.ts): each business on its own time zone's date.
      return [];
    case "near_reward":
      // The near_reward segment's own definition: a stamp away, points near the cheapest option,
      // cashback spend near the next tier.
      where = sql`${nearRewardWhere(p)}`;
      // Once per reward cycle (the count of rewards redeemed so far); cashback once per tier.
      period = nearRewardPeriod(p);
      break;
    case "welcome":
      where = and(
        gte(cards.createdAt, at(Math.max(now.getTime() - WELCOME_WINDOW_MS, a.createdAt.getTime()))),
        lt(cards.createdAt, now),
      );
      period = sql<string>`'once'`;
      break;
    case "about_to_expire": {
      // From EXPIRY_NOTICE_DAYS before the balance lapses until it does; once per expiry date (an
      // earn moves the date, and the next lapse gets its own notice).
      const moment = sql`${now.toISOString()}::timestamptz`;
      const notice = sql`${moment} + make_interval(days => ${EXPIRY_NOTICE_DAYS})`;
      // First the cards whose last earn is old enough for the business's shortest expiry (one
      // range of the last-earn index), then each one's own reward's expiry.
      const shortest = sql`(select min(r.expire_after_days) from rewards r
        where r.business_id = ${a.businessId} and r.active and r.kind in ${kindsSql((kind) => kind.lapses)})`;
      where = sql`${cards.earnedAt} <= ${notice} - make_interval(days => ${shortest})
        and ${cards.stamps} > 0 and ${expiresAtSql} > ${moment} and ${expiresAtSql} <= ${notice}`;
      period = sql<string>`'expiry:' || (${expiresAtSql} at time zone 'UTC')::date::text`;
      break;
    }
  }
  return candidatePage(db, {
    business: { id: a.businessId, userId: a.userId },
    programme: p,
    where: and(
      where,
      notExists(
        db
          .select({ one: sql`1` })
          .from(automationSends)
          .where(
            and(
              eq(automationSends.automationId, a.id),
              eq(automationSends.cardId, cards.id),
              eq(automationSends.period, period),
            ),
          ),
      ),
    ),
    period,
    afterCardId,
    limit: AUTOMATION_PAGE,
  });
}

/**
 * One tick of the automations: every enabled automation sends its message to the cards it is due
 * for and has not sent to in this period (a win-back with an offer issues its voucher, keyed by
 * the same period), then the birthdays of the day (birthdays.ts). Idempotent and safe on several
 * instances at once: a send is claimed by inserting its (automation, card, period) row, which the
 * unique index lets only one transaction do; the message (to that card only) and the voucher are
 * written in the same transaction. The job queue's scheduler calls it (`scheduleAutomations`);
 * `onSent` runs in each message's transaction (the push to that card's devices is a job written
 * there); without `events`, no voucher is issued.
 */
export async function runAutomations(
  db: Db,
  now = new Date(),
  onSent?: OnSent,
  events?: Events,
): Promise<{ sent: number; vouchers: number }> {
  const active = await db
    .select({
      automation: automations,
      businessName: businesses.businessName,
      offer: { id: offers.id, userId: offers.userId, businessId: offers.businessId, validDays: offers.validDays },
    })
    .from(automations)
    .innerJoin(businesses, eq(businesses.id, automations.businessId))
    .leftJoin(
      offers,
      and(
        eq(offers.id, automations.offerId),
        eq(offers.businessId, automations.businessId),
        eq(offers.trigger, "win_back"),
        eq(offers.active, true),
      ),
    )
    .where(and(eq(automations.enabled, true), ne(automations.kind, "birthday")));
  let sent = 0;
  let vouchers = 0;
  for (const { automation, businessName, offer } of active) {
    const a: AutomationRow = { ...automation, businessName, offer: events && offer?.id ? offer : null };
    // A voucher-only win-back whose offer was retired has nothing left to give.
    if (!a.sendMessage && !a.offer) continue;
    let afterCardId = 0;
    for (;;) {
      const page = await candidates(db, a, now, afterCardId);
      const done = await sendPage(db, a, page, onSent, events);
      sent += done.sent;
      vouchers += done.vouchers;
      if (page.length < AUTOMATION_PAGE) break;
      afterCardId = page.at(-1)!.cardId;
    }
  }
  const birthdays = await runBirthdays(db, now, { onSent, events });
  return { sent: sent + birthdays.sent, vouchers: vouchers + birthdays.vouchers };
}

/** Sends an automation's message (and voucher) to a page of its cards, each claimed in its own transaction. */
async function sendPage(
  db: Db,
  a: AutomationRow,
  page: Candidate[],
  onSent: OnSent | undefined,
  events: Events | undefined,
): Promise<{ sent: number; vouchers: number }> {
  let sent = 0;
  let vouchers = 0;
  for (const c of page) {
    await db.transaction(async (tx) => {
      if (!(await claimAndWrite(tx, a, c, onSent))) return;
      sent++;
      if (!a.offer || !events) return;
      const card = { id: c.cardId, userId: a.userId, businessId: a.businessId };
      if (await issueVoucher(tx, events, a.offer, card, c.period)) vouchers++;
    });
  }
  return { sent, vouchers };
}

/** Every quarter of an hour, on one instance however many run (the job queue's scheduler). */
export const AUTOMATIONS_CRON = "*/15 * * * *";

/**
 * What a sent automation message sets off, in its transaction: the push to its card's devices, and
 * the `message.sent` event that updates the card's wallet passes.
 */
export function automationSent(deps: Pick<AutomationDeps, "events" | "jobs" | "config">): OnSent {
  return async (tx, m) => {
    // Its figures count it, and the weekly cap decides it like an owner's message.
    await queueCardHolderPush(deps, tx, m.businessId, { title: m.title, body: m.message }, m.messageId, m.messageId);
    await deps.events.emit(tx, { type: "message.sent", ...m, segmented: true });
  };
}

/** Runs the automations on the job queue's schedule; each message reaches its card's devices and passes. */
export function scheduleAutomations(jobs: Jobs, deps: AutomationDeps) {
  jobs.schedule("automations", AUTOMATIONS_CRON, async () => {
    const { sent, vouchers } = await runAutomations(deps.db, new Date(), automationSent(deps), deps.events);
    if (sent > 0 || vouchers > 0) deps.log.info({ sent, vouchers }, "automations sent");
  });
}
