import { actorColumns, actorView } from "../loyalty/cards/actor-view";
import { DEFAULT_KIND, kindOf } from "../../../../contract/kinds";
import { and, desc, eq, exists, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CUSTOMER_HISTORY_MAX,
  CUSTOMER_MESSAGES_MAX,
  INACTIVE_FLAG_DAYS,
  type ConsentEvidence,
  type CustomerDetail,
  type CustomerFlag,
  type CustomerList,
  type CustomerListFilters,
  type CustomerRow,
} from "../../../../contract/customers";
import type { Db } from "../../db/client";
import { withHolder } from "../loyalty/engine/card-holder";
import {
  addresses,
  businesses,
  businessMessages,
  cards,
  customers,
  messageRecipients,
  rewards,
  scans,
  users,
} from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { balanceAmount, balanceText, type ProgrammeWords } from "../../../../contract/programme";
import { fromMinor } from "../../../../contract/money";
import { optionsByReward, programmeTerms } from "../loyalty/engine/programme-terms";
import {
  birthdayThisMonth,
  extrasOn,
  fallbackOn,
  nearRewardWhere,
  ownReward,
  ownRewardOn,
  programmeOf,
  programmeRewardId,
  rewardKind,
  rewardReadyWhere,
  rewardTitle,
  segmentCards,
  stampsRequired,
  type Programme,
} from "./segments";
import { cardReferralBonuses, cardReferrals } from "../loyalty/referrals/referrals";
import { cardOutsideControlGroup } from "../insights/control-group";

export const UNKNOWN_CUSTOMER = "customers.unknown";

/** The row columns of the directory (a card, its holder, business and reward). */
const rowColumns = ({ fallback, ...p }: Programme) => ({
  id: cards.id,
  customerId: cards.customerId,
  serial: cards.serial,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  birthday: customers.birthday,
  userId: cards.userId,
  businessId: cards.businessId,
  businessName: businesses.businessName,
  stamps: cards.stamps,
  lifetimeStamps: cards.lifetimeStamps,
  stampsRequired: stampsRequired(fallback),
  rewardTitle: rewardTitle(fallback),
  rewardId: programmeRewardId(fallback),
  kind: rewardKind(fallback),
  currency: businesses.currency,
  // The segments' own rules (segments.ts): the flag the owner sees is the set a message reaches.
  rewardReady: sql<boolean>`coalesce(${rewardReadyWhere({ fallback, ...p })}, false)`,
  nearReward: sql<boolean>`coalesce(${nearRewardWhere({ fallback, ...p })}, false)`,
  rewardsRedeemed: cards.rewardsRedeemed,
  level: cards.level,
  createdAt: cards.createdAt,
  lastVisitAt: cards.lastVisitAt,
  birthdayThisMonth: sql<boolean>`coalesce(${birthdayThisMonth}, false)`,
  inactive: sql<boolean>`${cards.lastVisitAt} < now() - make_interval(days => ${INACTIVE_FLAG_DAYS})`,
  /** The last visit in microseconds since the epoch, exactly: the keyset cursor must not round it. */
  visitMicros: sql<string>`(extract(epoch from ${cards.lastVisitAt}) * 1000000)::bigint::text`,
});

/** The directory's rows of one owner; `p` is that owner's reward joins (programmeOf). */
const selectRows = (db: Db, p: Programme) =>
  withHolder(db.select(rowColumns(p)).from(cards).$dynamic())
    .leftJoin(ownReward, ownRewardOn)
    .leftJoin(p.fallback, fallbackOn(p.fallback))
    .leftJoin(p.extras, extrasOn(p));

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];

/** A computed boolean: node-postgres answers `true`; be lenient with `'t'` all the same. */
const truthy = (value: unknown) => value === true || value === "t" || value === "true";

function flagsOf(row: Row): CustomerFlag[] {
  const flags: CustomerFlag[] = [];
  if (truthy(row.rewardReady)) flags.push("reward_ready");
  else if (truthy(row.nearReward)) flags.push("near_reward");
  if (truthy(row.birthdayThisMonth)) flags.push("birthday_this_month");
  if (truthy(row.inactive)) flags.push("inactive");
  return flags;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The options of the rows' points programmes, by reward id: one query a page. */
function pageOptions(db: Db, rows: Row[]) {
  const ids = rows
    .filter((r) => r.kind !== null && kindOf(r.kind).hasOptions && r.rewardId !== null)
    .map((r) => Number(r.rewardId));
  return optionsByReward(db, ids);
}
type Options = Awaited<ReturnType<typeof pageOptions>>;

/** The card's balance in its programme's terms ("7 of 10 stamps", "340 points — 60 to Free lunch"). */
function rowBalance(row: Row, options: Options, words: ProgrammeWords) {
  const kind = row.kind ?? DEFAULT_KIND;
  const required = row.stampsRequired === null ? null : Number(row.stampsRequired);
  const reward = row.kind === null ? null : { kind, stampsRequired: required ?? 0, referralBonus: null };
  const terms = programmeTerms(reward, row.currency, options.get(Number(row.rewardId)) ?? []);
  return { kind, balance_text: balanceText(terms, row.stamps, words) };
}

function toRow(row: Row, options: Options, words: ProgrammeWords): CustomerRow {
  return {
    serial: row.serial,
    name: row.name,
    email: row.email,
    phone: row.phone,
    business_id: row.businessId,
    business_name: row.businessName,
    stamps: row.stamps,
    stamps_required: row.stampsRequired === null ? null : Number(row.stampsRequired),
    ...rowBalance(row, options, words),
    reward_title: row.rewardTitle,
    rewards_redeemed: row.rewardsRedeemed,
    level: row.level,
    first_visit_at: iso(row.createdAt),
    last_visit_at: iso(row.lastVisitAt),
    flags: flagsOf(row),
  };
}

/**
 * The opaque keyset cursor: the last row's visit (exact microseconds) and id, base64url. Opaque
 * to clients; a tampered one is refused (422), never a 500.
 */
export const encodeCursor = (micros: string, id: number) => Buffer.from(`${micros}.${id}`).toString("base64url");

function decodeCursor(cursor: string): { micros: string; id: number } {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(-?\d{1,18})\.(\d{1,10})$/.exec(text);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647) throw invalid("cursor", "customers.badCursor");
  return { micros: match[1]!, id };
}

/** `like` with the user's text taken literally (`%`, `_` and `\` are not wildcards). */
const likeLiteral = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whole UTC days, both ends included. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * customer-list: the owner's card holders, newest visit first, keyset-paged on (last visit, id):
 * one index range scan per page however deep (cards_user_last_visit_idx), and the search is the
 * trigram index on customers.search (`like '%part%'`, case-insensitive).
 */
export async function listCustomers(
  db: Db,
  ownerId: number,
  f: CustomerListFilters,
  words: ProgrammeWords,
): Promise<CustomerList> {
  const p = programmeOf(ownerId);
  const conditions: (SQL | undefined)[] = [segmentCards(p, ownerId, f.business_id, f.segment, f.days, f.level)];
  if (f.q) conditions.push(sql`${customers.search} like ${likeLiteral(f.q)}`);
  if (f.last_visit_from) conditions.push(gte(cards.lastVisitAt, dayStart(f.last_visit_from)));
  if (f.last_visit_to) conditions.push(lt(cards.lastVisitAt, dayAfter(f.last_visit_to)));
  if (f.reward_ready !== undefined) {
    const ready = rewardReadyWhere(p);
    conditions.push(f.reward_ready ? ready : sql`not coalesce(${ready}, false)`);
  }
  if (f.cursor) {
    const { micros, id } = decodeCursor(f.cursor);
    const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
    conditions.push(sql`(${cards.lastVisitAt}, ${cards.id}) < (${at}, ${id})`);
  }
  const rows = await selectRows(db, p)
    .where(and(...conditions))
    .orderBy(desc(cards.lastVisitAt), desc(cards.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  const options = await pageOptions(db, page);
  return {
    items: page.map((row) => toRow(row, options, words)),
    next_cursor: rows.length > f.limit && last ? encodeCursor(last.visitMicros, last.id) : null,
  };
}

const staff = alias(users, "staff");

/** A card of this owner by its serial, with its row columns, or 404 (another owner's card too). */
export async function findCustomerCard(db: Db, ownerId: number, serial: string) {
  const [row] = await selectRows(db, programmeOf(ownerId))
    .where(and(eq(cards.userId, ownerId), eq(cards.serial, serial)))
    .limit(1);
  if (!row) throw notFound(UNKNOWN_CUSTOMER);
  return row;
}

/**
 * customer-detail: the card, its history (latest first) and the messages it received; the export
 * asks for the whole history.
 */
export async function customerDetail(
  db: Db,
  row: Row,
  words: ProgrammeWords,
  options: { history: "latest" | "all" } = { history: "latest" },
): Promise<CustomerDetail> {
  const historyQuery = db
    .select({
      kind: scans.kind,
      stampsAfter: scans.stampsAfter,
      rewardKind: rewards.kind,
      amount: scans.amount,
      location: addresses.address,
      staffName: staff.name,
      ...actorColumns(scans),
      createdAt: scans.createdAt,
    })
    .from(scans)
    .leftJoin(addresses, eq(addresses.id, scans.addressId))
    .leftJoin(staff, eq(staff.id, scans.staffUserId))
    .leftJoin(rewards, eq(rewards.id, scans.rewardId))
    .where(eq(scans.cardId, row.id))
    .orderBy(desc(scans.id));
  const [history, messages, referrals, rewardOptions, referralBonuses, consent] = await Promise.all([
    options.history === "all" ? historyQuery : historyQuery.limit(CUSTOMER_HISTORY_MAX),
    receivedMessages(db, { id: row.id, businessId: row.businessId, createdAt: row.createdAt }, CUSTOMER_MESSAGES_MAX),
    cardReferrals(db, row.id),
    pageOptions(db, [row]),
    cardReferralBonuses(db, row.userId, row.id),
    consentOf(db, row.id),
  ]);
  return {
    ...toRow(row, rewardOptions, words),
    birthday: row.birthday,
    lifetime_stamps: row.lifetimeStamps,
    reward_title: row.rewardTitle,
    history: history.map((h) => ({
      kind: h.kind,
      stamps_after: h.stampsAfter,
      // The balance after, in the terms of the programme the visit counted for ("340 points", "€4.60").
      balance_after_text: balanceAmount(
        programmeTerms(
          h.rewardKind ? { kind: h.rewardKind, stampsRequired: 0, referralBonus: null } : null,
          row.currency,
        ),
        h.stampsAfter,
        words,
      ),
      amount: h.amount !== null && row.currency ? fromMinor(h.amount, row.currency) : null,
      location: h.location,
      staff_name: h.staffName,
      actor: actorView(h, h.staffName),
      created_at: iso(h.createdAt),
    })),
    messages: messages.map((m) => ({
      id: m.id,
      title: m.title,
      message: m.message,
      segment: m.segment,
      created_at: iso(m.createdAt),
    })),
    ...referrals,
    referral_bonuses: referralBonuses,
    consent,
  };
}

const isoOrNull = (at: Date | null) => (at ? iso(at) : null);

/** A card's consents and opt-outs, and its holder's bounced address (contract consentEvidence). */
async function consentOf(db: Db, cardId: number): Promise<ConsentEvidence> {
  const [c] = await db
    .select({
      emailAt: cards.consentEmailAt,
      emailSource: cards.consentEmailSource,
      emailOff: cards.emailOptOutAt,
      bounced: customers.emailBouncedAt,
      smsAt: cards.consentSmsAt,
      smsSource: cards.consentSmsSource,
      smsOff: cards.smsOptOutAt,
      pushOff: cards.pushOptOutAt,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return {
    email: {
      agreed_at: isoOrNull(c?.emailAt ?? null),
      source: c?.emailSource ?? null,
      opted_out_at: isoOrNull(c?.emailOff ?? null),
      bounced_at: isoOrNull(c?.bounced ?? null),
    },
    sms: {
      agreed_at: isoOrNull(c?.smsAt ?? null),
      source: c?.smsSource ?? null,
      opted_out_at: isoOrNull(c?.smsOff ?? null),
    },
    push: { opted_out_at: isoOrNull(c?.pushOff ?? null) },
  };
}

/**
 * The messages a card received: the business's messages to everyone sent since it joined (none
 * while it is in the control group), and the segmented ones it was a recipient of. Newest first.
 */
export function receivedMessages(db: Db, card: { id: number; businessId: number; createdAt: Date }, limit: number) {
  return db
    .select()
    .from(businessMessages)
    .where(
      and(
        eq(businessMessages.businessId, card.businessId),
        or(
          and(
            eq(businessMessages.segment, "all"),
            gte(businessMessages.createdAt, card.createdAt),
            cardOutsideControlGroup(card.id),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(messageRecipients)
              .where(and(eq(messageRecipients.messageId, businessMessages.id), eq(messageRecipients.cardId, card.id))),
          ),
        ),
      ),
    )
    .orderBy(desc(businessMessages.id))
    .limit(limit);
}
