import { sentence } from "../i18n/sentence";
import { programmeWords } from "../i18n/programme-words";
import { balanceText } from "../../../contract/programme";
import {
  adjustedBalance,
  balanceModule,
  FALSE_SQL,
  NO_COLUMNS,
  NULL_SQL,
  rewardCycle,
  sharedColumnProblems,
  visitMessage,
  wholeBonus,
} from "./common";
import type { ServerKind } from "./types";
import { multipass as shared } from "../../../contract/kinds/multipass";

/**
 * Prepaid visits: card-topup adds the visits sold; a staff scan, a till order or a /v1 earn uses
 * one (a redeem of one visit), a self-scan none. With none left the scan is refused and writes nothing.
 */
export const multipass: ServerKind = {
  ...shared,
  name: "multipass",
  // A self-scan or a join uses no visit and gives none.
  visitEarn: () => 0,
  // The visits sold lapse `expire_after_days` after the last sale (a use does not restart the clock).
  lapses: true,
  redeemsByScan: false,
  sellsVisits: true,
  dayCount: () => 1,
  visitShare: (earned) => earned,
  // A visit used is a visit used: happy hours and levels neither multiply nor add to it.
  boosted: false,
  multiplies: false,
  levelBoost: () => null,
  boost: (earned) => earned,
  staffEarn(ctx) {
    // One visit whatever the order or the amount; none left: refused, nothing written.
    if (ctx.balance < 1) return { action: "refuse", field: "serial", message: "scan.noVisitsLeft" };
    return { action: "spend", cost: 1 };
  },
  redeem: () => ({ field: "serial", message: "redeem.scanPass" }),
  columns(ctx) {
    const errors = sharedColumnProblems(ctx, { needsCurrency: false, lapses: true, tiers: false });
    return errors ? { errors } : { columns: { ...NO_COLUMNS, stampsRequired: ctx.body.visits_included! } };
  },
  storedBonus: wholeBonus,
  answer: (row) => ({ visits_included: row.stampsRequired }),
  scanReady: () => false,
  staffScanMessage: (data) => sentence("scan.visitUsed", { balance: data.balance_text }),
  selfScanMessage: visitMessage,
  adjustedMessage: adjustedBalance,
  appleBalanceField: (card, t) => ({
    key: "visits",
    label: t("pass.visits"),
    value: balanceText(card.terms, card.balance, programmeWords(t)),
    changeMessage: "%@",
  }),
  appleRewardField: (card, t) => ({
    key: "reward",
    label: t("pass.reward"),
    value: card.reward.title,
    changeMessage: "%@",
  }),
  googlePatch: (card, t) => ({
    loyaltyPoints: { label: t("pass.visits"), balance: { int: card.balance } },
    textModulesData: balanceModule(card, t),
  }),
  stampsRequiredSql: () => NULL_SQL,
  readySql: () => FALSE_SQL,
  nearSql: () => FALSE_SQL,
  nearPeriodSql: rewardCycle,
  exportCurrency: () => `''`,
  exportBalance: (balance) => `${balance}::text`,
};
