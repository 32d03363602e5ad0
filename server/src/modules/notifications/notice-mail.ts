import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { EXPIRY_NOTICE_DAYS } from "../../../../contract/automations";
import { businesses, cards, channelSends, offers, vouchers } from "../../db/schema";
import { localeOrDefault } from "../../i18n";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { extrasOn, fallbackOn, ownReward, ownRewardOn, programmeOf, rewardReadyWhere } from "../customers/segments";
import { inControlGroup } from "../insights/control-group";
import { expiresAtSql } from "../loyalty/rewards/expiry";
import { lockMarketing, marketingThisWeek } from "./weekly-cap";
import {
  cardEmailRefusal,
  cardMail,
  mailTarget,
  sendClaimed,
  type MailDeps,
  type MailTarget,
} from "../reach/customer-mail";

/** The owner's mail switches: which notice each turns on. */
type Switch = "mailRewardReady" | "mailExpiry" | "mailVouchers";

type Notice = {
  /** The send's key in channel_sends: each card gets a notice once per purpose. */
  purpose: string;
  switch: Switch;
  /** Marketing notices count toward the weekly cap and skip the control group. */
  marketing: boolean;
  content: Parameters<typeof cardMail>[2];
};

const longDate = (target: MailTarget, date: Date) =>
  new Intl.DateTimeFormat(localeOrDefault(target.card.locale ?? target.business.cardLocale), {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(date);

/**
 * Mails one notice to a card's holder when its business turned the notice's switch on: claimed in
 * channel_sends first (once per card and purpose), `skipped` with the reason when the card refuses
 * email (no consent, opted out, bounced), is in the control group or had its weekly share of
 * marketing; else sent (sendClaimed).
 */
export async function sendNotice(deps: MailDeps, cardId: number, notice: Notice) {
  const target = await mailTarget(deps.db, cardId);
  if (!target) return;
  const [business] = await deps.db
    .select({
      on: businesses[notice.switch],
      cap: businesses.messageWeeklyCap,
      controlGroupPercent: businesses.controlGroupPercent,
    })
    .from(businesses)
    .where(eq(businesses.id, target.card.businessId))
    .limit(1);
  if (!business?.on) return;
  const claim = await deps.db.transaction(async (tx) => {
    let refusal = cardEmailRefusal(target);
    if (!refusal && notice.marketing) {
      if (inControlGroup({ serial: target.card.serial, controlGroupPercent: business.controlGroupPercent })) {
        refusal = "control_group";
      } else {
        await lockMarketing(tx, [cardId]);
        const week = await marketingThisWeek(tx, [cardId], notice.purpose);
        if ((week.get(cardId) ?? 0) >= business.cap) refusal = "weekly_cap";
      }
    }
    const [row] = await tx
      .insert(channelSends)
      .values({
        userId: target.card.userId,
        businessId: target.card.businessId,
        cardId,
        channel: "email",
        purpose: notice.purpose,
        marketing: notice.marketing,
        ...(refusal && { status: "skipped" as const, reason: refusal }),
      })
      .onConflictDoNothing()
      .returning({ id: channelSends.id });
    return row && !refusal ? row : null;
  });
  if (!claim) return;
  await sendClaimed(deps.db, deps.mailer, claim.id, target.customer.id, await cardMail(deps, target, notice.content));
}

/** "Your reward is ready", once per reward cycle, when a change leaves the card's reward ready. */
export async function rewardReadyNotice(deps: MailDeps, cardId: number) {
  const [card] = await deps.db.select({ userId: cards.userId }).from(cards).where(eq(cards.id, cardId)).limit(1);
  if (!card) return;
  const p = programmeOf(card.userId);
  const [row] = await deps.db
    .select({ ready: sql<boolean | null>`${rewardReadyWhere(p)}`, cycle: cards.rewardsRedeemed })
    .from(cards)
    .leftJoin(ownReward, ownRewardOn)
    .leftJoin(p.fallback, fallbackOn(p.fallback))
    .leftJoin(p.extras, extrasOn(p))
    .where(eq(cards.id, cardId))
    .limit(1);
  if (!row?.ready) return;
  await sendNotice(deps, cardId, {
    purpose: `reward-ready:${row.cycle}`,
    switch: "mailRewardReady",
    marketing: false,
    content: (t, { business, customer, cardPage }) => ({
      kind: "customer-reward-ready",
      subject: t("mail.rewardReady.subject", { business }),
      title: t("mail.rewardReady.title", { name: customer }),
      paragraphs: [t("mail.rewardReady.intro", { business })],
      buttons: [{ label: t("mail.yourCard.open"), href: cardPage }],
    }),
  });
}

/** "A voucher for you": not marketing, except a campaign's (the weekly cap, the control group). */
export async function voucherNotice(deps: MailDeps, cardId: number, voucherId: number) {
  const [voucher] = await deps.db
    .select({ title: offers.title, trigger: offers.trigger, expiresAt: vouchers.expiresAt })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .where(and(eq(vouchers.id, voucherId), eq(vouchers.cardId, cardId)))
    .limit(1);
  if (!voucher) return;
  const target = await mailTarget(deps.db, cardId);
  if (!target) return;
  const until = longDate(target, voucher.expiresAt);
  await sendNotice(deps, cardId, {
    purpose: `voucher:${voucherId}`,
    switch: "mailVouchers",
    marketing: voucher.trigger === "campaign",
    content: (t, { business, customer, cardPage }) => ({
      kind: "customer-voucher",
      subject: t("mail.voucher.subject", { business }),
      title: t("mail.voucher.title", { name: customer }),
      paragraphs: [t("mail.voucher.intro", { business, title: voucher.title, date: until })],
      buttons: [{ label: t("mail.yourCard.open"), href: cardPage }],
    }),
  });
}

/** Cards one page of the expiry notices reads. */
const NOTICE_PAGE = 500;

/**
 * The expiry notices of `now`: every card of a business with the switch on whose balance lapses
 * in the next EXPIRY_NOTICE_DAYS days and whose holder consented to email gets one mail per expiry
 * date (an earn moves the date; the next lapse gets its own).
 */
export async function expiryNotices(deps: MailDeps, now = new Date()) {
  const moment = sql`${now.toISOString()}::timestamptz`;
  let afterId = 0;
  for (;;) {
    const page = await deps.db
      .select({ id: cards.id, expiresAt: sql<string>`${expiresAtSql}::text` })
      .from(cards)
      .innerJoin(businesses, eq(businesses.id, cards.businessId))
      .where(
        and(
          eq(businesses.mailExpiry, true),
          gt(cards.id, afterId),
          gt(cards.stamps, 0),
          isNotNull(cards.consentEmailAt),
          sql`${expiresAtSql} > ${moment}`,
          sql`${expiresAtSql} <= ${moment} + make_interval(days => ${EXPIRY_NOTICE_DAYS})`,
        ),
      )
      .orderBy(asc(cards.id))
      .limit(NOTICE_PAGE);
    for (const card of page) {
      const target = await mailTarget(deps.db, card.id);
      if (!target) continue;
      const at = new Date(card.expiresAt);
      const date = longDate(target, at);
      await sendNotice(deps, card.id, {
        purpose: `expiry:${at.toISOString().slice(0, 10)}`,
        switch: "mailExpiry",
        marketing: false,
        content: (t, { business, customer, cardPage }) => ({
          kind: "customer-expiry",
          subject: t("mail.expiry.subject", { business }),
          title: t("mail.expiry.title", { name: customer }),
          paragraphs: [t("mail.expiry.intro", { business, date })],
          buttons: [{ label: t("mail.yourCard.open"), href: cardPage }],
        }),
      });
    }
    if (page.length < NOTICE_PAGE) break;
    afterId = page.at(-1)!.id;
  }
}

/** Every day at 09:17 UTC, on one instance. */
export const EXPIRY_NOTICE_CRON = "17 9 * * *";

const switchOn = (column: string) => (event: ReturnType<typeof sql>) =>
  sql`exists (select 1 from businesses b where b.id = (${event}->>'businessId')::int and b.${sql.raw(column)})`;

/** The mail switches' listeners and schedule. */
export function registerNoticeMail(jobs: Jobs, events: Events, deps: MailDeps) {
  events.on("card.changed", "mail-reward-ready", (e) => rewardReadyNotice(deps, e.cardId), {
    when: (event) =>
      sql`coalesce(${event}->>'action', 'stamp') not in ('redeem', 'expire') and ${switchOn("mail_reward_ready")(event)}`,
  });
  events.on("voucher.issued", "mail-voucher", (e) => voucherNotice(deps, e.cardId, e.voucherId), {
    when: switchOn("mail_vouchers"),
  });
  jobs.schedule("mail-expiry-notices", EXPIRY_NOTICE_CRON, () => expiryNotices(deps));
}
