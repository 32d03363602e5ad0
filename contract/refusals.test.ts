import { apiEn } from "../server/src/i18n/messages/api/en";
import { calls } from "./calls";
import { refusalsOf } from "./call";
import { COMMON_REFUSALS, refusalCode, refusalKeys, statusRefusals } from "./refusals";

/** The catalogue's words used inside answers (the card history's reasons): neither a success nor a refusal. */
const ANSWER_WORD_KEYS = [
  "history.order",
  "history.refund",
  "history.levelReview",
  "history.newProgramme",
  "history.happyHour",
  "history.level",
];

/** The catalogue's sentences of successes: every other key (but the answers' words) is a refusal and needs a code. */
const SUCCESS_KEYS = [
  "insights.summary",
  "insights.cohorts",
  "insights.rfm",
  "insights.staff",
  "insights.controlGroup",
  "insights.lift",
  "insights.staffAlert",
  "reach.preferences",
  "reach.smsEstimate",
  "reach.smsReceived",
  "reach.smsStatus",
  "reach.saved",
  "reach.unsubscribed",
  "reach.settings",
  "reach.settingsSaved",
  "auth.registered",
  "auth.emailVerified",
  "auth.codeVerified",
  "auth.codeResent",
  "auth.loggedIn",
  "auth.forgotPasswordSent",
  "auth.passwordReset",
  "auth.loggedOut",
  "apiKeys.created",
  "apiKeys.list",
  "apiKeys.revoked",
  "automations.list",
  "offers.added",
  "offers.list",
  "offers.retiredDone",
  "offers.sent",
  "vouchers.issued",
  "vouchers.redeemed",
  "vouchers.list",
  "automations.log",
  "business.list",
  "business.updated",
  "business.added",
  "business.deleted",
  "address.list",
  "address.updated",
  "address.added",
  "address.deleted",
  "cardDesign.show",
  "cardDesign.saved",
  "customers.list",
  "customers.detail",
  "customers.segmentCount",
  "customers.data",
  "customers.deleted",
  "customers.ownCardDeleted",
  "dashboard.details",
  "dashboard.categories",
  "dashboard.countries",
  "tills.orders",
  "tills.connected",
  "tills.list",
  "cards.history",
  "staffSettings.show",
  "staffSettings.saved",
  "devices.created",
  "devices.list",
  "devices.linked",
  "counter.events",
  "options.added",
  "options.list",
  "options.deleted",
  "rewards.updated",
  "rewards.added",
  "rewards.removed",
  "rewards.expiryPreview",
  "rewards.list",
  "scans.list",
  "scans.csv",
  "notifications.list",
  "notifications.read",
  "notifications.cleared",
  "messages.list",
  "notifications.deviceOn",
  "messages.sent",
  "openapi.document",
  "payments.eventAlreadyProcessed",
  "payments.eventProcessed",
  "payments.noActivePlan",
  "payments.activePlan",
  "payments.list",
  "payments.receipt",
  "coupons.applied",
  "coupons.list",
  "coupons.removed",
  "plans.list",
  "categories.deleted",
  "categories.list",
  "categories.updated",
  "categories.added",
  "promotions.list",
  "categoryRules.list",
  "categoryRules.saved",
  "categoryRules.deleted",
  "promotions.added",
  "promotions.deleted",
  "site.home",
  "site.page",
  "site.reviews",
  "site.contactSent",
  "staff.added",
  "staff.deleted",
  "staff.invite",
  "staff.accountReady",
  "staff.list",
  "profile.show",
  "profile.updated",
  "profile.passwordUpdated",
  "profile.deleted",
  "wallet.joined",
  "wallet.card",
  "wallet.codeSent",
  "webhooks.deliveries",
  "webhooks.resent",
  "webhooks.testSent",
  "webhooks.added",
  "imports.previewed",
  "imports.started",
  "imports.status",
  // An import's bad rows: each reason is data of a success (a line of the preview), not a refusal.
  "imports.row.emailMissing",
  "imports.row.emailInvalid",
  "imports.row.phoneInvalid",
  "imports.row.birthdayInvalid",
  "imports.row.balanceInvalid",
  "imports.row.joinedAtInvalid",
  "imports.row.tooLong",
  "imports.row.duplicate",
  "imports.row.twoCustomers",
  "webhooks.list",
  "webhooks.deleted",
  "webhooks.secretRotated",
  "qr.list",
  "qr.show",
  "qr.added",
  "qr.deleted",
  "qr.detail",
  "qr.regenerated",
  "qr.counterCode",
  "automations.on",
  "automations.off",
  "customers.birthdaySaved",
  "customers.birthdayRemoved",
  "tills.enrolOn",
  "tills.enrolOff",
  "tills.tokenSaved",
  "tills.tokenRemoved",
  "tills.removed",
  "devices.signedOut",
  "qr.rotating",
  "qr.static",
  "cards.nothingToRemove",
  "cards.adjustedBalance",
  "cards.noStampsToRemove",
  "cards.adjustedStamps",
  "redeem.option",
  "redeem.amount",
  "wallet.recovered",
  "referrals.approved",
  "referrals.rejected",
  "referrals.alreadyReviewed",
  "scan.earned",
  "scan.redeemed",
  "scan.stampAdded",
  "scan.stampAddedOf",
  "scan.stampAddedReady",
  "scan.stampAddedOfReady",
  "scan.alreadyCheckedIn",
  "scan.visitRecorded",
  "scan.visitUsed",
  "cards.toppedUp",
  "scan.alreadyStamped",
  "payments.succeeded",
  "payments.confirmWithBank",
  "payments.pending",
];

describe("refusal codes", () => {
  const codes = Object.keys(refusalKeys);
  const keys = Object.values(refusalKeys) as string[];

  it("give every refusal sentence of the catalogue exactly one code", () => {
    const refusals = Object.keys(apiEn).filter((key) => !SUCCESS_KEYS.includes(key) && !ANSWER_WORD_KEYS.includes(key));
    expect([...refusals].sort()).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("name only sentences of the catalogue, none of them a success's", () => {
    for (const key of [...keys, ...SUCCESS_KEYS]) expect(apiEn).toHaveProperty([key]);
    for (const key of SUCCESS_KEYS) expect(keys).not.toContain(key);
  });

  it("are unique snake_case words, also among the codes that stand for a status", () => {
    const all = [...codes, ...Object.values(statusRefusals), "refused"];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });

  it("find a refusal's code by its key, else by its status", () => {
    expect(refusalCode(422, "join.cardExists")).toBe("card_exists");
    expect(refusalCode(404, "http.notFound")).toBe("not_found");
    expect(refusalCode(401, undefined)).toBe("unauthenticated");
    expect(refusalCode(422, undefined)).toBe("validation");
    expect(refusalCode(418, undefined)).toBe("refused");
  });

  it("let every call answer the common refusals, and a call with a plan feature the plan's", () => {
    for (const call of Object.values(calls)) {
      for (const code of COMMON_REFUSALS) expect(refusalsOf(call).has(code)).toBe(true);
    }
    expect(refusalsOf(calls.addReward).has("plan_feature_missing")).toBe(true);
    expect(refusalsOf(calls.rewardList).has("plan_feature_missing")).toBe(false);
    expect(refusalsOf(calls.walletJoin).has("card_exists")).toBe(true);
  });
});
