import type { Call } from "./call";

// Stable refusal codes: what a client decides by, whatever language the sentence beside it is in.

/**
 * Each refusal sentence of the server's catalogue (server/src/i18n/messages/api/en.ts) by its code,
 * the code being its key's last part in snake_case, qualified by the key's area where two would
 * meet. Codes are released like paths: rename a key freely, never a code.
 */
export const refusalKeys = {
  forbidden: "http.forbidden",
  not_found: "http.notFound",
  validation: "http.invalidInput",
  server_error: "http.serverError",
  rate_limited: "http.tooManyRequests",
  unavailable: "http.serviceUnavailable",
  invalid_character: "http.invalidCharacter",
  per_page_too_big: "http.perPageTooBig",
  nested_too_deeply: "http.nestedTooDeeply",
  invalid_json: "http.invalidJson",
  invalid_multipart: "http.invalidMultipart",
  bad_idempotency_key: "http.badIdempotencyKey",
  idempotency_key_reused: "http.idempotencyKeyReused",
  idempotency_still_running: "http.idempotencyStillRunning",
  too_many_attempts_minutes: "http.tooManyAttemptsMinutes",
  email_taken: "auth.emailTaken",
  auth_bad_code: "auth.badCode",
  bad_credentials: "auth.badCredentials",
  verify_email: "auth.verifyEmail",
  email_not_verified: "auth.emailNotVerified",
  reset_expired: "auth.resetExpired",
  too_many_wrong_codes: "auth.tooManyWrongCodes",
  wrong_code: "auth.wrongCode",
  api_key_not_found: "apiKeys.notFound",
  choose_category: "business.chooseCategory",
  choose_country: "business.chooseCountry",
  business_not_found: "business.notFound",
  address_not_found: "address.notFound",
  bad_time_zone: "business.badTimeZone",
  bad_cursor: "customers.badCursor",
  customer_unknown: "customers.unknown",
  no_card_on_device: "wallet.noCardOnDevice",
  till_not_found: "tills.notFound",
  qr_stale: "qr.stale",
  no_programme: "scan.noProgramme",
  qr_not_found: "qr.notFound",
  link_used: "devices.linkUsed",
  device_not_found: "devices.notFound",
  balance_too_large: "scan.balanceTooLarge",
  above_limit: "scan.aboveLimit",
  whole_stamps: "scan.wholeStamps",
  scan_enter_amount: "scan.enterAmount",
  reward_removed: "options.rewardRemoved",
  not_points: "options.notPoints",
  option_not_found: "options.notFound",
  reward_currency_first: "rewards.currencyFirst",
  cashback_no_expiry: "rewards.cashbackNoExpiry",
  cashback_never_lapses: "rewards.cashbackNeverLapses",
  tiers_cashback_only: "rewards.tiersCashbackOnly",
  tiers_order: "rewards.tiersOrder",
  kind_fixed: "rewards.kindFixed",
  reward_not_found: "rewards.notFound",
  category_not_found: "categories.notFound",
  category_other_business: "categories.otherBusiness",
  unknown_code: "scan.unknownCode",
  business_code_for_staff: "scan.businessCodeForStaff",
  no_card_yet: "scan.noCardYet",
  card_unknown: "cards.unknown",
  payment_unreachable: "payments.unreachable",
  payment_processing: "payments.processing",
  coupon_unknown: "coupons.unknown",
  coupon_not_yet: "coupons.notYet",
  coupon_expired: "coupons.expired",
  coupon_exhausted: "coupons.exhausted",
  used_by_you: "coupons.usedByYou",
  coupon_not_found: "coupons.notFound",
  used_stays: "coupons.usedStays",
  plan_unavailable: "plans.unavailable",
  not_completed: "payments.notCompleted",
  receipt_not_found: "payments.receiptNotFound",
  name_taken: "categories.nameTaken",
  home_not_found: "site.homeNotFound",
  page_not_found: "site.pageNotFound",
  invite_unknown: "invites.unknown",
  invite_used: "invites.used",
  invite_expired: "invites.expired",
  staff_not_found: "staff.notFound",
  wrong_current_password: "profile.wrongCurrentPassword",
  wrong_password: "profile.wrongPassword",
  wallet_bad_code: "wallet.badCode",
  delivery_not_found: "webhooks.deliveryNotFound",
  webhook_not_found: "webhooks.notFound",
  address_other_business: "qr.addressOtherBusiness",
  reward_other_business: "qr.rewardOtherBusiness",
  reward_first: "qr.rewardFirst",
  file_not_found: "files.notFound",
  apple_not_configured: "wallet.appleNotConfigured",
  not_an_image: "image.notImage",
  image_too_large: "image.tooLarge",
  image_unreadable: "image.unreadable",
  api_keys_too_many: "apiKeys.tooMany",
  webhooks_too_many: "webhooks.tooMany",
  currency_locked: "business.currencyLocked",
  too_many_screens: "counter.tooManyScreens",
  card_exists: "join.cardExists",
  staff_may_not_adjust: "cards.staffMayNotAdjust",
  counter_expired: "scan.counterExpired",
  referral_unknown: "referrals.unknown",
  referral_other_business: "referrals.otherBusiness",
  review_not_found: "referrals.reviewNotFound",
  money_currency_first: "money.currencyFirst",
  money_decimals: "money.decimals",
  more_than_zero: "money.moreThanZero",
  only_balance: "redeem.onlyBalance",
  collects_amount: "scan.collectsAmount",
  plan_not_active: "plans.notActive",
  plan_feature_missing: "plans.featureMissing",
  slot_fee: "payments.slotFee",
  amount_mismatch: "payments.amountMismatch",
  coupon_currency: "coupons.currency",
  not_in_plan: "invites.notInPlan",
  scan_stamp_card: "redeem.scanStampCard",
  choose_option: "redeem.chooseOption",
  unknown_option: "redeem.unknownOption",
  redeem_enter_amount: "redeem.enterAmount",
} as const;

/** Refusals the catalogue has no sentence for, known by their status alone. */
export const statusRefusals = {
  400: "bad_request",
  401: "unauthenticated",
  402: "payment_failed",
  405: "method_not_allowed",
  406: "not_acceptable",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
} as const;

export type RefusalCode = keyof typeof refusalKeys | (typeof statusRefusals)[keyof typeof statusRefusals] | "refused";

export type RefusalKey = (typeof refusalKeys)[keyof typeof refusalKeys];

const byKey = new Map<string, RefusalCode>(
  Object.entries(refusalKeys).map(([code, key]) => [key, code as RefusalCode]),
);

/** Text the server passes on as it is (a provider's, a framework's): the code its status stands for. */
const byStatus: Record<number, RefusalCode> = {
  ...statusRefusals,
  403: "forbidden",
  404: "not_found",
  422: "validation",
  429: "rate_limited",
  500: "server_error",
  503: "unavailable",
};

/** The code of a refusal: its catalogue key's, else its status's, else `refused`. */
export function refusalCode(status: number, key: string | undefined): RefusalCode {
  return (key !== undefined ? byKey.get(key) : undefined) ?? byStatus[status] ?? "refused";
}

/** What any call may answer, whatever its own refusals: the route's checks and the server's state. */
export const COMMON_REFUSALS = [
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "validation",
  "rate_limited",
  "too_many_attempts_minutes",
  "unavailable",
  "server_error",
] as const satisfies readonly RefusalCode[];

/** What a call may answer: its own refusals, the common ones, its plan's and its idempotency key's. */
export function refusalsOf(call: Call): ReadonlySet<RefusalCode> {
  return new Set<RefusalCode>([
    ...COMMON_REFUSALS,
    ...(call.refusals ?? []),
    ...(call.feature ? (["plan_not_active", "plan_feature_missing"] as const) : []),
    ...(call.idempotent
      ? (["bad_idempotency_key", "idempotency_key_reused", "idempotency_still_running"] as const)
      : []),
  ]);
}
