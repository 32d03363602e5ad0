import { and, eq, exists, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automations, automationSends, businesses, cards, customers, offers, vouchers } from "../../db/schema";
import type { Events } from "../../services/events";
import { issueVoucher, type IssuingOffer } from "../loyalty/engine/voucher";
import { programmeOf } from "../customers/segments";
import { candidatePage, claimAndWrite, type AutomationRow, type OnSent } from "./message";

/** Cards one page of the birthday run reads. */
const BIRTHDAY_PAGE = 500;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Born on this month and day; a 29 February birthday is kept on the 28th in other years. */
function bornOn(year: number, month: number, day: number): SQL {
  const on = (m: number, d: number) =>
    sql`(extract(month from ${customers.birthday}) = ${m} and extract(day from ${customers.birthday}) = ${d})`;
  return month === 2 && day === 28 && !isLeap(year) ? sql`(${on(2, 28)} or ${on(2, 29)})` : on(month, day);
}

const birthdayOffer = (businessId: SQL | number) =>
  and(eq(offers.businessId, businessId as number), eq(offers.trigger, "birthday"), eq(offers.active, true));

/**
 * The birthdays of the day, each business on its own time zone's date: the birthday automation's
 * message (when on) and a voucher of each active birthday offer, to each card whose customer was
 * born on that day and that is outside the control group. Once a year per card: the message by
 * its (automation, card, year) send and each voucher by its (offer, card, `birthday:<year>`) key,
 * so any number of runs, on any number of instances, give each once.
 */
export async function runBirthdays(
  db: Db,
  now: Date,
  hooks: { onSent?: OnSent; events?: Events },
): Promise<{ sent: number; vouchers: number }> {
  const moment = sql`${now.toISOString()}::timestamptz`;
  const due = await db
    .select({
      id: businesses.id,
      userId: businesses.userId,
      name: businesses.businessName,
      today: sql<string>`to_char((${moment} at time zone ${businesses.timeZone})::date, 'YYYY-MM-DD')`,
    })
    .from(businesses)
    .where(
      or(
        exists(
          db
            .select({ one: sql`1` })
            .from(automations)
            .where(
              and(
                eq(automations.businessId, businesses.id),
                eq(automations.kind, "birthday"),
                eq(automations.enabled, true),
              ),
            ),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(offers)
            .where(birthdayOffer(sql`${businesses.id}`)),
        ),
      ),
    );
  let sent = 0;
  let vouchers = 0;
  for (const business of due) {
    const [automation] = await db
      .select()
      .from(automations)
      .where(
        and(eq(automations.businessId, business.id), eq(automations.kind, "birthday"), eq(automations.enabled, true)),
      )
      .limit(1);
    const a: AutomationRow | null = automation ? { ...automation, businessName: business.name, offer: null } : null;
    const gifts: IssuingOffer[] = hooks.events
      ? await db
          .select({ id: offers.id, userId: offers.userId, businessId: offers.businessId, validDays: offers.validDays })
          .from(offers)
          .where(birthdayOffer(business.id))
      : [];
    const [year, month, day] = business.today.split("-").map(Number) as [number, number, number];
    let afterCardId = 0;
    for (;;) {
      // The cards whose customer was born on the day, a page at a time.
      const page = await candidatePage(db, {
        business,
        programme: programmeOf(business.userId),
        where: and(bornOn(year, month, day), notDone(a, gifts, year)),
        period: sql<string>`${`year:${year}`}::text`,
        afterCardId,
        limit: BIRTHDAY_PAGE,
      });
      for (const c of page) {
        await db.transaction(async (tx) => {
          if (a && (await claimAndWrite(tx, a, c, hooks.onSent))) sent++;
          const card = { id: c.cardId, userId: business.userId, businessId: business.id };
          for (const offer of gifts) {
            if (await issueVoucher(tx, hooks.events!, offer, card, `birthday:${year}`)) vouchers++;
          }
        });
      }
      if (page.length < BIRTHDAY_PAGE) break;
      afterCardId = page.at(-1)!.cardId;
    }
  }
  return { sent, vouchers };
}

/**
 * Cards that still have something due this year: the message not yet claimed, or a voucher of
 * an offer not yet issued. A later tick does not touch the cards already served.
 */
function notDone(a: AutomationRow | null, gifts: IssuingOffer[], year: number): SQL {
  const due: SQL[] = [];
  if (a) {
    due.push(sql`not exists (select 1 from ${automationSends} s where s.automation_id = ${a.id}
      and s.card_id = ${cards.id} and s.period = ${`year:${year}`})`);
  }
  for (const offer of gifts) {
    due.push(sql`not exists (select 1 from ${vouchers} v where v.offer_id = ${offer.id}
      and v.card_id = ${cards.id} and v.issue_key = ${`birthday:${year}`})`);
  }
  return due.length === 0 ? sql`false` : sql`(${sql.join(due, sql` or `)})`;
}
