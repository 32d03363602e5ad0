import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ScanResult } from "../../../contract/wallet";
import type { Translate } from "../i18n";
import { sentence, type Sentence } from "../i18n/sentence";
import { NO_COLUMNS, rewardCycle, sharedColumnProblems, wholeBonus } from "./common";
import type { ServerKind } from "./types";
import { rewardReady, stamps as shared } from "../../../contract/kinds/stamps";

/** "3 of 10", or the bare count when the business runs no programme at the moment. */
export const stampsText = (count: number, required: number | null | undefined, t: Translate) =>
  required ? t("pass.stampsOf", { stamps: count, required }) : String(count);

/**
 * The "reward ready" rule (stamps/shared.ts) in SQL, over a card's stamps and its reward's
 * requirement (columns or expressions). Null when the requirement is null (no reward): callers
 * that need a boolean wrap it in `coalesce(…, false)`, as `where` does by itself.
 */
export function rewardReadySql(count: SQL | AnyColumn, stampsRequired: SQL | AnyColumn): SQL<boolean | null> {
  return sql<boolean | null>`(${count} >= ${stampsRequired})`;
}

/** "Stamp added: 3 of 10." and, for staff, whether the reward is ready now. */
function stampAdded(data: ScanResult, ready: boolean): Sentence {
  const values = { stamps: data.stamps, required: data.stamps_required ?? 0 };
  if (data.stamps_required) return sentence(ready ? "scan.stampAddedOfReady" : "scan.stampAddedOf", values);
  return sentence(ready ? "scan.stampAddedReady" : "scan.stampAdded", values);
}

export const stamps: ServerKind = {
  ...shared,
  name: "stamps",
  visitEarn: () => 1,
  lapses: true,
  redeemsByScan: true,
  sellsVisits: false,
  boosted: true,
  multiplies: false,
  // A visit is one stamp whatever the hour: only a bonus adds stamps.
  // A level adds stamps to each visit.
  levelBoost: (level) => ({ multiplier: null, bonus: level.bonus }),
  boost: (earned, by) => earned + (by.bonus ?? 0),
  // Stamps corrected in count toward the day one by one.
  dayCount: (added) => added,
  // A stamp programme's order is one visit whatever it cost.
  visitShare: (earned) => earned,
  staffEarn(ctx) {
    if (ctx.order) {
      // As a staff earn, but never a redeem: `stamps` (or one) per order, each toward the fraud threshold.
      const count = ctx.order.stamps ?? 1;
      if (!Number.isInteger(count) || count < 1) {
        return { action: "refuse", field: "stamps", message: "scan.wholeStamps" };
      }
      return { action: "earn", earned: count, amount: null, added: count };
    }
    // The amount means nothing to a stamp card: a stamp, or the reward once it is reached.
    return rewardReady(ctx.balance, ctx.reward.stampsRequired)
      ? { action: "spend", cost: ctx.reward.stampsRequired }
      : { action: "earn", earned: 1, amount: null, added: 1 };
  },
  redeem: () => ({ field: "serial", message: "redeem.scanStampCard" }),
  columns(ctx) {
    const errors = sharedColumnProblems(ctx, { needsCurrency: false, lapses: true, tiers: false });
    return errors ? { errors } : { columns: { ...NO_COLUMNS, stampsRequired: ctx.body.stamps_required! } };
  },
  storedBonus: wholeBonus,
  answer: () => ({}),
  scanReady: (balance, stampsRequired) => rewardReady(balance, stampsRequired),
  staffScanMessage: (data, outcome) =>
    outcome.action === "redeem"
      ? sentence("scan.redeemed", { title: data.reward_title ?? "", stamps: data.stamps })
      : stampAdded(data, data.reward_ready),
  selfScanMessage: (data, waiting) => (waiting ? "scan.alreadyStamped" : stampAdded(data, false)),
  adjustedMessage: (delta, _amount, summary) =>
    delta === 0
      ? "cards.noStampsToRemove"
      : sentence("cards.adjustedStamps", {
          added: delta > 0 ? "yes" : "no",
          n: Math.abs(delta),
          stamps: summary.stamps,
        }),
  appleBalanceField: (card, t) => ({
    key: "stamps",
    label: t("pass.stamps"),
    value: stampsText(card.balance, card.reward?.stampsRequired, t),
    changeMessage: t("pass.stampsChange"),
  }),
  appleRewardField: (card, t) => ({
    key: "reward",
    label: t(rewardReady(card.balance, card.reward.stampsRequired) ? "pass.rewardReady" : "pass.reward"),
    value: card.reward.title,
    changeMessage: "%@",
  }),
  googlePatch({ reward, balance }, t) {
    const rewardText = !reward
      ? t("pass.noProgramme")
      : rewardReady(balance, reward.stampsRequired)
        ? t("pass.rewardReadyText", { title: reward.title })
        : t("pass.moreStamps", {
            count: reward.stampsRequired - balance,
            title: reward.title,
            required: reward.stampsRequired,
          });
    return {
      loyaltyPoints: { label: t("pass.stamps"), balance: { int: balance } },
      textModulesData: [{ id: "reward", header: t("pass.reward"), body: rewardText }],
    };
  },
  stampsRequiredSql: (required) => required,
  readySql: (card) => rewardReadySql(card.stamps, card.stampsRequired),
  nearSql: (card) => sql`${card.stamps} = ${card.stampsRequired} - 1`,
  nearPeriodSql: rewardCycle,
  exportCurrency: () => `''`,
  exportBalance: (balance) => `${balance}::text`,
};
