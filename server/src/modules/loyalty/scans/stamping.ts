import { fromMinor } from "../../../../../contract/money";
import { balanceText, type ProgrammeWords } from "../../../../../contract/programme";
import type { ScanResult } from "../../../../../contract/wallet";
import { DEFAULT_KIND, kindOf, stampsRequiredOf } from "../../../../../contract/kinds";
import { serverKind } from "../../../kinds";
import type { Db } from "../../../db/client";
import { notFound } from "../../../http/errors";
import type { Events } from "../../../services/events";
import { scanTerms, type ScanTerms } from "../cards/card-balance";
import { UNKNOWN_CARD, type CardRow, type ResolvedQr, type RewardRow } from "../cards/cards";
import { applyChange, applyChangeAtOnce } from "../engine/apply";
import type { ScanOrigin } from "../engine/join";
import { nextStampAt, type EarnLine } from "../engine/rules";
import { programmeTerms } from "../engine/programme-terms";

/** What a staff scan did, with what the scanner's answer shows. */
export type StaffScanOutcome = {
  action: "stamp" | "redeem";
  card: Pick<CardRow, "id" | "userId" | "businessId" | "serial" | "stamps">;
  reward: Pick<RewardRow, "id" | "kind" | "title" | "stampsRequired" | "referralBonus"> | null;
  names: { customer: string; business: string };
  /** The fraud alert's reason when this stamp flagged the card (once per card per day). */
  flagged: string | null;
  /** What the balance earned (or, negative, spent): stamps, points or minor units. */
  delta: number;
  terms: ScanTerms;
};

/**
 * Staff (or the owner) scanned a card: a stamp, or, once the reward is reached, the reward
 * redeemed (stamps minus stamps_required). A points or cashback card earns on `amount` (the
 * purchase, a decimal string in the business's currency; rules.ts: required for cashback, and for
 * points without visit points) and never redeems here (card-redeem). Only cards of the acting
 * owner's businesses. With no
 * active reward at the card's business, nothing is written and the scan is refused with the
 * message a self-scan and a join give (NO_PROGRAMME): stamps collected for no programme would
 * carry over into the next one, whatever its rules. The counter's hot path (bench/loyalty.mts):
 * the engine's two statements, lock-and-read then one write with the scan's jobs (engine/apply.ts).
 */
export async function staffScan(
  db: Db,
  events: Events,
  ownerId: number,
  staffUserId: number,
  serial: string,
  amount: string | null = null,
  lines?: readonly EarnLine[],
): Promise<StaffScanOutcome> {
  const key = { serial, ownerId };
  const change = { kind: "staff-scan", staffUserId, amount, lines } as const;
  // One statement after the read for most scans; a card whose referral is still to decide may
  // decide it with this visit, and those writes commit together, in a transaction.
  const atOnce = await applyChangeAtOnce(db, events, key, change);
  const done = atOnce !== "transaction" ? atOnce : await db.transaction((tx) => applyChange(tx, events, key, change));
  if (!done) throw notFound(UNKNOWN_CARD);
  return {
    action: done.decision.action === "redeem" ? "redeem" : "stamp",
    card: done.after,
    reward: done.reward,
    names: done.names,
    flagged: done.flagged,
    delta: done.after.stamps - done.card.stamps,
    terms: await scanTerms(db, done.reward, done.currency),
  };
}

/**
 * A customer scanned the business QR with their card on the device: one stamp, unless a rule of
 * the reward says not now (then `wait` and when): the cooldown since their last own stamp, the
 * daily cap of self-scans, or (rotating codes) a counter code this card already used.
 *
 * The rules are those of the reward the stamp counts toward, the card's own (chooseReward, read
 * under the card's lock), never the scanned code's: a second code on a 0-minute reward must not
 * stamp a 60-minute card. With no active reward there is nothing to collect for: refused like a
 * join, so no stamps pile up to carry over into the next programme.
 */
export async function selfStamp(
  tx: Db,
  events: Events,
  cardId: number,
  resolved: ResolvedQr,
  origin: ScanOrigin = { counterWindow: null },
) {
  const { qr } = resolved;
  const done = (await applyChange(
    tx,
    events,
    { id: cardId },
    {
      kind: "self-scan",
      qr: { id: qr.id, addressId: qr.addressId },
      counterWindow: origin.counterWindow,
    },
  ))!;
  const action = done.decision.action === "wait" ? ("wait" as const) : ("stamp" as const);
  const nextAt = nextStampAt(done.after, done.reward, done.day);
  const terms = await scanTerms(tx, done.reward, done.currency);
  return { action, card: done.after, reward: done.reward, names: done.names, nextAt, flagged: done.flagged, terms };
}

/**
 * The scanner's answer, kept by the dashboard as `qrData`: the balance in the programme's terms
 * and what it may redeem now (the options it affords; cashback: the money to spend).
 */
export function scanAnswer(
  outcome: {
    action: ScanResult["action"];
    card: Pick<CardRow, "serial" | "stamps">;
    reward: StaffScanOutcome["reward"];
    terms: ScanTerms;
  },
  names: StaffScanOutcome["names"],
  nextAt: Date | null,
  words: ProgrammeWords,
): ScanResult {
  const { card, reward, terms } = outcome;
  const kind = reward?.kind ?? DEFAULT_KIND;
  const options = terms.options.filter((o) => o.points <= card.stamps);
  const stampsRequired = stampsRequiredOf(reward);
  return {
    action: outcome.action,
    customer_name: names.customer,
    business_name: names.business,
    serial: card.serial,
    stamps: card.stamps,
    stamps_required: stampsRequired,
    reward_title: reward?.title ?? null,
    reward_ready: serverKind(kind).scanReady(card.stamps, stampsRequired, options),
    next_stamp_at: nextAt?.toISOString() ?? null,
    scanned_at: new Date().toISOString(),
    kind,
    balance_text: balanceText(programmeTerms(reward, terms.currency, terms.options), card.stamps, words),
    options,
    // The money to spend, when the balance is money.
    cashback_balance: kindOf(kind).countsMoney && terms.currency ? fromMinor(card.stamps, terms.currency) : null,
    currency: terms.currency,
  };
}
