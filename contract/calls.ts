import "./zod-setup";
import {
  analyticsCohorts,
  analyticsCohortsQuery,
  analyticsLift,
  analyticsPeriodQuery,
  analyticsStaff,
  analyticsStaffQuery,
  analyticsSummary,
  staffAlert,
  staffAlertUpdateBody,
  controlGroup,
  controlGroupUpdateBody,
} from "./analytics";
import { analyticsRfm, analyticsRfmQuery } from "./rfm";
import type { Call, ListLimit } from "./call";
import { MAX_PER_PAGE } from "./pagination";
import { addAddressBody, address, addressListAnswer, addressListQuery } from "./address";
import { dashboardDetails } from "./dashboard";
import { categoryListAnswer, countryListAnswer } from "./lookups";
import {
  appleDeviceParams,
  appleLogBody,
  applePassParams,
  appleRegisterBody,
  appleRegistrationParams,
  appleUpdatedQuery,
  appleUpdatedSerials,
  pkpassFile,
} from "./apple-wallet";
import { apiKey, apiKeyAddBody, apiKeyListAnswer, apiKeyRevokeBody, newApiKey } from "./api-keys";
import { addBusinessBody, business, businessListAnswer, businessListQuery } from "./business";
import { cardDesign, cardDesignQuery, cardDesignUpdateBody } from "./card-design";
import {
  cardAdjustBody,
  cardTopupBody,
  cardHistory,
  cardHistoryQuery,
  cardRedeemBody,
  cardSummary,
  staffSettings,
  staffSettingsBody,
} from "./cards";
import {
  counterDevice,
  counterDeviceAddBody,
  counterDeviceClaimAnswer,
  counterDeviceClaimBody,
  counterDeviceLink,
  counterDeviceListAnswer,
  counterDeviceListQuery,
  counterDeviceRevokeBody,
} from "./counter-devices";
import { fileBytes, fileParams } from "./files";
import { openApiDocumentAnswer } from "./openapi";
import {
  activePlanAnswer,
  chargeResult,
  couponApplyBody,
  couponListAnswer,
  paymentListAnswer,
  paymentQuote,
  receiptHtml,
  receiptParams,
  stripeWebhookBody,
  subscriptionChargeBody,
} from "./payments";
import { subscriptionPlanList } from "./plans";
import {
  counterCodeAnswer,
  counterEventStream,
  generateQrBody,
  qrCode,
  qrCodeDetail,
  qrDetailQuery,
  qrIdBody,
  qrIdQuery,
  qrListAnswer,
  qrListQuery,
  qrModeBody,
  qrPublic,
  singleQrQuery,
} from "./qr-codes";
import {
  addRewardBody,
  rewardExpiryPreview,
  rewardExpiryPreviewBody,
  reward,
  rewardIdBody,
  rewardListAnswer,
  rewardListQuery,
  rewardOption,
  rewardOptionAddBody,
  rewardOptionIdBody,
  rewardOptionListAnswer,
  rewardOptionListQuery,
} from "./rewards";
import {
  posConnectionAddAnswer,
  posConnectionAddBody,
  posConnectionDeleteBody,
  posConnectionListAnswer,
  posConnectionListQuery,
  posConnectionSettingsAnswer,
  posConnectionSettingsBody,
  posHookAnswer,
  posHookBody,
  posHookParams,
  posOrdersAnswer,
  posOrdersQuery,
} from "./pos";
import { csvText, scanFilters, scanListQuery, scanPage } from "./scans";
import {
  scannerBody,
  scanResult,
  walletCardAnswer,
  walletCardQuery,
  walletJoinBody,
  walletJoinResult,
  walletRecoverAnswer,
  walletRecoverBody,
} from "./wallet";
import { idBody } from "./ids";
import { cardPreferenceCalls } from "./card-preferences";
import { reachSettingsCalls } from "./reach-settings";
import { smsCalls } from "./sms";
import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookAddBody,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookIdAnswer,
  webhookIdBody,
  webhookListAnswer,
  webhookWithSecret,
} from "./webhooks";
import {
  fcmTokenAnswer,
  fcmTokenBody,
  messageListAnswer,
  messageListQuery,
  notificationAddBody,
  notificationList,
  notificationListQuery,
  notificationReadAnswer,
  sentMessage,
} from "./notifications";
import {
  productCategory,
  productCategoryAddBody,
  productCategoryListAnswer,
  productCategoryListQuery,
} from "./product-category";
import {
  categoryRule,
  categoryRuleDeleteBody,
  categoryRuleListAnswer,
  categoryRuleListQuery,
  categoryRuleSaveBody,
  MAX_CATEGORY_RULES_PER_OWNER,
} from "./category-rules";
import {
  promotion,
  promotionAddBody,
  promotionDeleteBody,
  promotionListAnswer,
  promotionListQuery,
  MAX_PROMOTIONS_PER_OWNER,
} from "./promotions";
import {
  acceptInviteAnswer,
  acceptInviteBody,
  addStaffAnswer,
  addStaffBody,
  staffInviteAnswer,
  staffInviteQuery,
  staffListAnswer,
  staffListQuery,
} from "./staff";

import {
  forgotPasswordBody,
  loginBody,
  otpVerifyBody,
  passwordUpdateBody,
  profileUpdateBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  userSoftDeleteBody,
  emailAnswer,
  noData,
  otpVerifyAnswer,
  userProfile,
} from "./auth";
import { authCalls, contactUsCall, counterCalls, fcmTokenCall, walletCalls } from "./client-calls";
import { contactUsBody, homePageData, homePageQuery, pageData, pageSlugQuery, reviewList } from "./site";
import {
  CUSTOMER_PAGE_MAX,
  customerDeleteAnswer,
  customerDeleteBody,
  customerDetail,
  customerExport,
  customerList,
  referralBonusEntry,
  segmentCount,
  walletBirthdayAnswer,
  customerListQuery,
  referralReviewBody,
  customerSerialQuery,
  segmentCountQuery,
} from "./customers";
import {
  customerImportBody,
  customerImportPreview,
  customerImportPreviewBody,
  customerImportStatus,
  customerImportStatusQuery,
  MAX_IMPORT_BYTES,
} from "./customer-import";
import { walletBirthdayBody, walletCardDeleteBody } from "./wallet";
import {
  cardVouchersAnswer,
  cardVouchersQuery,
  offer,
  offerAddBody,
  offerIdBody,
  offerListAnswer,
  offerListQuery,
  offerSendBody,
  offerSent,
  voucher,
  voucherIssueBody,
  voucherRedeemBody,
} from "./offers";
import {
  AUTOMATION_KINDS,
  automation,
  automationListAnswer,
  automationListQuery,
  automationLogAnswer,
  automationLogQuery,
  automationSaveBody,
} from "./automations";

// The shape of a call (who may make it, what it does to the session, its schemas) is call.ts's.
export type { Access, Call, ListLimit, SessionEffect } from "./call";

/** The Integrations page's calls that use the feature: owners, on a plan with integrations. */
const integrations = { access: "owner", feature: "integrations" } as const;

/** Lists paged by `page`/`per_page` (pagination.ts). */
const paged: ListLimit = { max: MAX_PER_PAGE };

/**
 * The backend contract: every call the product makes. The API server registers its routes from
 * it, the BFF forwards only what is listed here, and the browser's forms use the same schemas.
 */
export const calls = {
  register: { ...authCalls.register, body: registerBody, answer: emailAnswer, refusals: ["email_taken"] },
  otpVerify: {
    ...authCalls.otpVerify,
    body: otpVerifyBody,
    answer: otpVerifyAnswer,
    refusals: ["auth_bad_code", "wrong_code", "too_many_wrong_codes"],
  },
  resendOtp: { ...authCalls.resendOtp, body: resendOtpBody, answer: noData },
  login: {
    ...authCalls.login,
    body: loginBody,
    answer: userProfile,
    refusals: ["bad_credentials", "verify_email", "email_not_verified"],
  },
  forgotPassword: { ...authCalls.forgotPassword, body: forgotPasswordBody, answer: emailAnswer },
  resetPassword: { ...authCalls.resetPassword, body: resetPasswordBody, answer: noData, refusals: ["reset_expired"] },
  logout: { ...authCalls.logout, answer: noData },
  userProfile: { ...authCalls.userProfile, answer: userProfile },
  profileUpdate: {
    ...authCalls.profileUpdate,
    body: profileUpdateBody,
    answer: userProfile,
    refusals: ["email_taken"],
  },
  passwordUpdate: {
    ...authCalls.passwordUpdate,
    body: passwordUpdateBody,
    answer: noData,
    refusals: ["wrong_current_password"],
  },
  userSoftDelete: {
    ...authCalls.userSoftDelete,
    body: userSoftDeleteBody,
    answer: noData,
    refusals: ["wrong_password"],
  },
  health: { method: "GET", path: "/health", access: "public", answer: noData },

  // The owner's dashboard. Staff act for their owner on "user" calls and get 403 on
  // "owner" calls.
  dashboardDetails: { method: "GET", path: "/dashboard-details", access: "user", answer: dashboardDetails },
  categoryList: {
    method: "GET",
    path: "/category-list",
    access: "user",
    list: { max: 100 },
    answer: categoryListAnswer,
  },
  countryList: { method: "GET", path: "/country-list", access: "user", list: { max: 300 }, answer: countryListAnswer },
  businessList: {
    method: "GET",
    path: "/business-list",
    access: "owner",
    query: businessListQuery,
    list: paged,
    answer: businessListAnswer,
  },
  addBusiness: {
    method: "POST",
    path: "/add-business",
    access: "owner",
    body: addBusinessBody,
    feature: "locations",
    answer: business,
    refusals: [
      "choose_category",
      "choose_country",
      "bad_time_zone",
      "currency_locked",
      "business_not_found",
      "slot_fee",
      "not_an_image",
      "image_too_large",
      "image_unreadable",
    ],
  },
  deleteBusiness: {
    method: "POST",
    path: "/delete-business",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["business_not_found"],
  },
  addressList: {
    method: "GET",
    path: "/address-list",
    access: "owner",
    query: addressListQuery,
    list: paged,
    answer: addressListAnswer,
    refusals: ["business_not_found"],
  },
  addAddress: {
    method: "POST",
    path: "/add-address",
    access: "owner",
    body: addAddressBody,
    feature: "locations",
    answer: address,
    refusals: ["choose_country", "business_not_found", "address_not_found", "slot_fee"],
  },
  deleteAddress: {
    method: "POST",
    path: "/delete-address",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["address_not_found"],
  },
  offerAdd: {
    method: "POST",
    path: "/offer-add",
    access: "owner",
    body: offerAddBody,
    feature: "vouchers",
    answer: offer,
    refusals: [
      "business_not_found",
      "offer_kind_not_for_programme",
      "money_currency_first",
      "money_decimals",
      "more_than_zero",
    ],
  },
  offerList: {
    method: "GET",
    path: "/offer-list",
    access: "owner",
    query: offerListQuery,
    list: paged,
    answer: offerListAnswer,
  },
  /** Retires the offer: it issues no more vouchers; those issued stay valid. */
  offerDelete: {
    method: "POST",
    path: "/offer-delete",
    access: "owner",
    body: offerIdBody,
    answer: noData,
    refusals: ["offer_not_found"],
  },
  /** A campaign offer's vouchers to a segment of its business's cards, once per card. */
  offerSend: {
    method: "POST",
    path: "/offer-send",
    access: "owner",
    body: offerSendBody,
    feature: "vouchers",
    answer: offerSent,
    refusals: ["offer_not_found", "offer_retired", "offer_not_campaign"],
  },
  /** A manual offer's voucher for the scanned card (owner or staff). */
  voucherIssue: {
    method: "POST",
    path: "/voucher-issue",
    access: "user",
    body: voucherIssueBody,
    feature: "vouchers",
    answer: voucher,
    refusals: ["offer_not_found", "offer_retired", "card_unknown"],
  },
  /** A scanned card's unused vouchers and the manual offers of its business (owner or staff). */
  cardVouchers: {
    method: "GET",
    path: "/card-vouchers",
    access: "user",
    query: cardVouchersQuery,
    answer: cardVouchersAnswer,
    refusals: ["card_unknown"],
  },
  /** Redeems a voucher once (owner or staff); another owner's code is as unknown as a wrong one. */
  voucherRedeem: {
    method: "POST",
    path: "/voucher-redeem",
    access: "user",
    body: voucherRedeemBody,
    answer: voucher,
    refusals: [
      "voucher_not_found",
      "voucher_used",
      "voucher_expired",
      "voucher_min_purchase",
      "money_currency_first",
      "money_decimals",
      "more_than_zero",
    ],
  },
  productCategoryList: {
    method: "GET",
    path: "/product-category-list",
    access: "owner",
    query: productCategoryListQuery,
    list: paged,
    answer: productCategoryListAnswer,
  },
  productCategoryAdd: {
    method: "POST",
    path: "/product-category-add",
    access: "owner",
    body: productCategoryAddBody,
    feature: "product-categories",
    answer: productCategory,
    refusals: ["name_taken", "category_not_found", "business_not_found", "category_other_business"],
  },
  promotionList: {
    method: "GET",
    path: "/promotion-list",
    access: "owner",
    query: promotionListQuery,
    list: { max: MAX_PROMOTIONS_PER_OWNER },
    answer: promotionListAnswer,
    refusals: ["reward_not_found"],
  },
  promotionAdd: {
    method: "POST",
    path: "/promotion-add",
    access: "owner",
    body: promotionAddBody,
    feature: "happy-hours",
    answer: promotion,
    refusals: ["reward_not_found", "promotion_no_multiplier", "promotion_not_for_programme", "promotion_too_many"],
  },
  promotionDelete: {
    method: "POST",
    path: "/promotion-delete",
    access: "owner",
    body: promotionDeleteBody,
    answer: noData,
    refusals: ["promotion_not_found"],
  },
  productCategoryDelete: {
    method: "POST",
    path: "/product-category-delete",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["category_not_found"],
  },
  /**
   * Each programme's earning rule for a category's products (the owner's, all or filtered); staff
   * read them too, to split a purchase by category at the scanner.
   */
  categoryRuleList: {
    method: "GET",
    path: "/category-rule-list",
    access: "user",
    query: categoryRuleListQuery,
    list: { max: MAX_CATEGORY_RULES_PER_OWNER },
    answer: categoryRuleListAnswer,
    refusals: ["reward_not_found", "category_not_found"],
  },
  /** A category's multiplier on one programme ("0": its products earn nothing); saving again replaces it. */
  categoryRuleSave: {
    method: "POST",
    path: "/category-rule-save",
    access: "owner",
    body: categoryRuleSaveBody,
    feature: "product-categories",
    answer: categoryRule,
    refusals: [
      "reward_not_found",
      "category_not_found",
      "category_other_business",
      "category_rule_not_for_programme",
      "category_rule_too_many",
    ],
  },
  categoryRuleDelete: {
    method: "POST",
    path: "/category-rule-delete",
    access: "owner",
    body: categoryRuleDeleteBody,
    answer: noData,
    refusals: ["category_rule_not_found"],
  },
  staffList: {
    method: "GET",
    path: "/staff-list",
    access: "owner",
    query: staffListQuery,
    list: paged,
    answer: staffListAnswer,
  },
  addStaff: {
    method: "POST",
    path: "/add-staff",
    access: "owner",
    body: addStaffBody,
    feature: "staff",
    answer: addStaffAnswer,
    refusals: ["email_taken"],
  },
  deleteStaff: {
    method: "POST",
    path: "/delete-staff",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["staff_not_found"],
  },
  staffInvite: {
    method: "GET",
    path: "/staff-invite",
    access: "public",
    query: staffInviteQuery,
    answer: staffInviteAnswer,
    refusals: ["invite_unknown", "invite_used", "invite_expired", "not_in_plan"],
  },
  acceptInvite: {
    method: "POST",
    path: "/accept-invite",
    access: "public",
    body: acceptInviteBody,
    answer: acceptInviteAnswer,
    refusals: ["invite_unknown", "invite_used", "invite_expired", "not_in_plan", "email_taken"],
  },

  // The loyalty core: rewards, QR codes, the customer's card, stamps and scans.
  rewardList: {
    method: "GET",
    path: "/reward-list",
    access: "owner",
    query: rewardListQuery,
    list: paged,
    answer: rewardListAnswer,
    refusals: ["business_not_found"],
  },
  addReward: {
    method: "POST",
    path: "/add-reward",
    access: "owner",
    body: addRewardBody,
    feature: "stamp-cards",
    answer: reward,
    refusals: [
      "reward_not_found",
      "business_not_found",
      "category_not_found",
      "category_other_business",
      "reward_currency_first",
      "cashback_no_expiry",
      "tiers_cashback_only",
      "tiers_order",
      "kind_fixed",
      "money_currency_first",
      "money_decimals",
      "more_than_zero",
    ],
  },
  removeReward: {
    method: "POST",
    path: "/remove-reward",
    access: "owner",
    body: rewardIdBody,
    answer: noData,
    refusals: ["reward_not_found"],
  },
  /** What an expiry change would lapse in the next 30 days (the reward form shows it as it is typed). */
  rewardExpiryPreview: {
    method: "POST",
    path: "/reward-expiry-preview",
    access: "owner",
    body: rewardExpiryPreviewBody,
    answer: rewardExpiryPreview,
    refusals: ["reward_not_found", "cashback_never_lapses"],
  },
  // Programmes beyond stamps: a points programme's catalogue, and redeeming points or cashback.
  rewardOptionAdd: {
    method: "POST",
    path: "/reward-option-add",
    access: "owner",
    body: rewardOptionAddBody,
    feature: "stamp-cards",
    answer: rewardOption,
    refusals: ["reward_not_found", "reward_removed", "not_points", "money_currency_first", "money_decimals"],
  },
  rewardOptionList: {
    method: "GET",
    path: "/reward-option-list",
    access: "user",
    query: rewardOptionListQuery,
    list: paged,
    answer: rewardOptionListAnswer,
    refusals: ["reward_not_found"],
  },
  rewardOptionDelete: {
    method: "POST",
    path: "/reward-option-delete",
    access: "owner",
    body: rewardOptionIdBody,
    answer: noData,
    refusals: ["option_not_found"],
  },
  /** Points for an option, or cashback money off: the owner or staff; never below zero. */
  cardRedeem: {
    method: "POST",
    path: "/card-redeem",
    access: "user",
    body: cardRedeemBody,
    feature: "stamp-cards",
    answer: scanResult,
    refusals: [
      "card_unknown",
      "scan_stamp_card",
      "scan_pass",
      "choose_option",
      "unknown_option",
      "redeem_enter_amount",
      "only_balance",
      "money_decimals",
      "more_than_zero",
      "option_not_found",
    ],
  },
  listQrcode: {
    method: "GET",
    path: "/list-qrcode",
    access: "owner",
    query: qrListQuery,
    list: paged,
    answer: qrListAnswer,
    refusals: ["business_not_found"],
  },
  singleQrCode: {
    method: "GET",
    path: "/single-qr-code",
    access: "owner",
    query: singleQrQuery,
    answer: qrCodeDetail,
    refusals: ["qr_not_found"],
  },
  generateQr: {
    method: "POST",
    path: "/generate-qr",
    access: "owner",
    body: generateQrBody,
    feature: "stamp-cards",
    answer: qrCode,
    refusals: [
      "qr_not_found",
      "business_not_found",
      "address_other_business",
      "reward_other_business",
      "reward_first",
      "reward_not_found",
      "address_not_found",
    ],
  },
  deleteQr: {
    method: "POST",
    path: "/delete-qr",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["qr_not_found"],
  },
  qrDetail: {
    method: "GET",
    path: "/qr-detail",
    access: "public",
    query: qrDetailQuery,
    answer: qrPublic,
    refusals: ["qr_not_found", "qr_stale"],
  },
  ...cardPreferenceCalls,
  ...smsCalls,
  walletJoin: {
    ...walletCalls.walletJoin,
    body: walletJoinBody,
    answer: walletJoinResult,
    refusals: [
      "qr_not_found",
      "qr_stale",
      "no_programme",
      "counter_expired",
      "card_exists",
      "referral_unknown",
      "referral_other_business",
    ],
  },
  walletCard: {
    method: "GET",
    path: "/wallet-card",
    access: "public",
    query: walletCardQuery,
    session: "useCardSecrets",
    answer: walletCardAnswer,
    refusals: ["qr_not_found", "qr_stale"],
  },
  walletRecover: {
    ...walletCalls.walletRecover,
    body: walletRecoverBody,
    answer: walletRecoverAnswer,
    refusals: ["qr_not_found", "qr_stale", "wallet_bad_code"],
  },
  /**
   * Public: a customer's device self-scans a business code with its card secrets; signed-in staff
   * and owners scan a card's serial (stamp or redeem). Each kind checks its own credentials.
   */
  qrCodeScanner: {
    method: "POST",
    path: "/qr-code-scanner",
    access: "public",
    body: scannerBody,
    session: "useCardSecrets",
    // The offline scanner sends one key per scan and retries until it hears back.
    idempotent: true,
    answer: scanResult,
    refusals: [
      "unknown_code",
      "business_code_for_staff",
      "no_card_yet",
      "card_unknown",
      "qr_stale",
      "qr_not_found",
      "no_programme",
      "counter_expired",
      "balance_too_large",
      "above_limit",
      "whole_stamps",
      "no_visits_left",
      "scan_enter_amount",
      "scan_lines_exceed_amount",
      "category_not_found",
      "collects_amount",
      "money_currency_first",
      "money_decimals",
      "more_than_zero",
    ],
  },
  scanList: {
    method: "GET",
    path: "/scan-list",
    access: "user",
    query: scanListQuery,
    list: paged,
    answer: scanPage,
    refusals: ["business_not_found"],
  },
  /** CSV of the filtered scans (text/csv, not the envelope). */
  scanExport: {
    method: "GET",
    path: "/scan-export",
    access: "user",
    query: scanFilters,
    answer: csvText,
    refusals: ["business_not_found"],
  },

  // Apple Wallet: the card as a pass, and Apple's pass web service (paths are Apple's).
  /** The card this device holds at the QR code's business, as a signed `.pkpass` (404 when not configured). */
  appleWalletPass: {
    method: "GET",
    path: "/apple-wallet-pass",
    access: "public",
    query: walletCardQuery,
    session: "useCardSecrets",
    answer: pkpassFile,
    refusals: ["no_card_on_device", "apple_not_configured", "qr_not_found", "qr_stale"],
  },
  appleRegisterDevice: {
    method: "POST",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id/:serial_number",
    access: "public",
    params: appleRegistrationParams,
    body: appleRegisterBody,
    authorization: "ApplePass",
    answer: noData,
    refusals: ["apple_not_configured"],
  },
  appleUnregisterDevice: {
    method: "DELETE",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id/:serial_number",
    access: "public",
    params: appleRegistrationParams,
    authorization: "ApplePass",
    answer: noData,
    refusals: ["apple_not_configured"],
  },
  appleUpdatedPasses: {
    method: "GET",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id",
    access: "public",
    params: appleDeviceParams,
    query: appleUpdatedQuery,
    list: { max: 100 },
    answer: appleUpdatedSerials,
    refusals: ["apple_not_configured"],
  },
  appleLatestPass: {
    method: "GET",
    path: "/apple-wallet/v1/passes/:pass_type_id/:serial_number",
    access: "public",
    params: applePassParams,
    authorization: "ApplePass",
    answer: pkpassFile,
    refusals: ["apple_not_configured"],
  },
  appleLog: {
    method: "POST",
    path: "/apple-wallet/v1/log",
    access: "public",
    body: appleLogBody,
    answer: noData,
    refusals: ["apple_not_configured"],
  },
  // Notifications: the owner's feed, messages to card holders, push tokens.
  notificationList: {
    method: "GET",
    path: "/notification-list",
    access: "owner",
    query: notificationListQuery,
    list: paged,
    answer: notificationList,
  },
  /** Marks the whole feed read (the feed page calls it once the owner has seen the entries). */
  notificationRead: { method: "POST", path: "/notification-read", access: "owner", answer: notificationReadAnswer },
  /** Empties the owner's feed (it takes no input, like logout). */
  notificationClear: { method: "POST", path: "/notification-clear", access: "owner", answer: noData },
  notificationAdd: {
    method: "POST",
    path: "/notification-add",
    access: "owner",
    body: notificationAddBody,
    feature: "messages",
    answer: sentMessage,
    refusals: ["business_not_found", "channel_unavailable"],
  },
  ...reachSettingsCalls,
  /** The messages the owner sent, newest first. */
  messageList: {
    method: "GET",
    path: "/message-list",
    access: "owner",
    query: messageListQuery,
    list: paged,
    answer: messageListAnswer,
    refusals: ["business_not_found"],
  },
  /** Registers a browser's push token, for the signed-in owner or this device's card. */
  fcmToken: {
    ...fcmTokenCall,
    body: fcmTokenBody,
    answer: fcmTokenAnswer,
    refusals: ["no_card_on_device", "qr_not_found", "qr_stale"],
  },

  // Stamps that cannot be faked: the counter screen's rotating code, regenerated
  // tokens, daily caps, fraud alerts, corrections with a history.
  /** The counter screen's current code of a QR code (client-calls.ts says who may ask). */
  counterCode: {
    ...counterCalls.counterCode,
    query: qrIdQuery,
    answer: counterCodeAnswer,
    refusals: ["qr_not_found", "link_used", "device_not_found"],
  },
  /** The counter screen's confirmations: each stamp through the QR code, as server-sent events. */
  counterEvents: {
    ...counterCalls.counterEvents,
    query: qrIdQuery,
    answer: counterEventStream,
    refusals: ["qr_not_found", "too_many_screens", "link_used"],
  },
  /** A device link for a tablet: its one-time link (the token is shown once). */
  counterDeviceAdd: {
    method: "POST",
    path: "/counter-device-add",
    access: "owner",
    body: counterDeviceAddBody,
    feature: "stamp-cards",
    answer: counterDeviceLink,
    refusals: ["qr_not_found"],
  },
  counterDeviceList: {
    method: "GET",
    path: "/counter-device-list",
    access: "owner",
    query: counterDeviceListQuery,
    list: paged,
    answer: counterDeviceListAnswer,
    refusals: ["qr_not_found"],
  },
  /** The device's screen stops at once (its next request is refused). */
  counterDeviceRevoke: {
    method: "POST",
    path: "/counter-device-revoke",
    access: "owner",
    body: counterDeviceRevokeBody,
    answer: counterDevice,
    refusals: ["device_not_found"],
  },
  /** The tablet opens its link: the token, claimed once, goes into its httpOnly cookie. */
  counterDeviceClaim: {
    ...counterCalls.counterDeviceClaim,
    body: counterDeviceClaimBody,
    answer: counterDeviceClaimAnswer,
    refusals: ["link_used"],
  },
  /** A new token for a photographed code (same label, reward and cards); the old one stops at once. */
  qrRegenerate: {
    method: "POST",
    path: "/qr-regenerate",
    access: "owner",
    body: qrIdBody,
    answer: qrCode,
    refusals: ["qr_not_found"],
  },
  /** Switches a QR code between static and rotating (the QR code's page). */
  qrModeUpdate: {
    method: "POST",
    path: "/qr-mode-update",
    access: "owner",
    body: qrModeBody,
    answer: qrCode,
    refusals: ["qr_not_found"],
  },
  /** A correction of a card's stamps with a reason: the owner, or staff when the owner allows it (else 403). */
  cardAdjust: {
    method: "POST",
    path: "/card-adjust",
    access: "user",
    body: cardAdjustBody,
    feature: "stamp-cards",
    answer: cardSummary,
    refusals: ["card_unknown", "staff_may_not_adjust", "balance_too_large", "money_decimals", "more_than_zero"],
  },
  /**
   * Visits sold for a prepaid-visits pass, by staff or the owner (who and when in the card's
   * history); a retry with the same Idempotency-Key sells them once.
   */
  cardTopup: {
    method: "POST",
    path: "/card-topup",
    access: "user",
    body: cardTopupBody,
    feature: "multipass",
    idempotent: true,
    answer: cardSummary,
    refusals: ["card_unknown", "not_a_pass", "no_programme", "balance_too_large"],
  },
  /** A card and its history (joins, stamps, redeems, corrections, fraud flags), paged. */
  cardHistory: {
    method: "GET",
    path: "/card-history",
    access: "user",
    query: cardHistoryQuery,
    list: paged,
    answer: cardHistory,
    refusals: ["card_unknown"],
  },
  staffSettings: { method: "GET", path: "/staff-settings", access: "owner", answer: staffSettings },
  staffSettingsUpdate: {
    method: "POST",
    path: "/staff-settings-update",
    access: "owner",
    body: staffSettingsBody,
    feature: "staff",
    answer: staffSettings,
  },

  /** Stored files (logos): the bytes, not the envelope; public, as customers see logos too. */
  file: {
    method: "GET",
    path: "/files/:id",
    access: "public",
    params: fileParams,
    answer: fileBytes,
    refusals: ["file_not_found"],
  },
  homePageList: {
    method: "GET",
    path: "/home-page-list",
    access: "public",
    query: homePageQuery,
    answer: homePageData,
    refusals: ["home_not_found"],
  },
  pages: {
    method: "GET",
    path: "/pages",
    access: "public",
    query: pageSlugQuery,
    answer: pageData,
    refusals: ["page_not_found"],
  },
  reviewList: { method: "GET", path: "/review-list", access: "public", list: { max: 50 }, answer: reviewList },
  subscriptionPlanList: {
    method: "GET",
    path: "/subscriptionplan-list",
    access: "public",
    list: { max: 20 },
    answer: subscriptionPlanList,
  },
  contactUs: { ...contactUsCall, access: "public", body: contactUsBody, answer: noData },

  // Subscriptions and payments.
  subscriptionPlanActive: {
    method: "GET",
    path: "/subscription-plan-active",
    access: "owner",
    answer: activePlanAnswer,
  },
  subscriptionCharge: {
    method: "POST",
    path: "/subscription-charge",
    access: "owner",
    body: subscriptionChargeBody,
    answer: chargeResult,
    refusals: [
      "payment_failed",
      "plan_not_active",
      "plan_unavailable",
      "amount_mismatch",
      "payment_unreachable",
      "payment_processing",
      "not_completed",
      "coupon_unknown",
      "coupon_not_yet",
      "coupon_expired",
      "coupon_exhausted",
      "used_by_you",
      "coupon_currency",
    ],
  },
  couponApply: {
    method: "POST",
    path: "/coupon-apply",
    access: "owner",
    body: couponApplyBody,
    answer: paymentQuote,
    refusals: [
      "plan_unavailable",
      "coupon_unknown",
      "coupon_not_yet",
      "coupon_expired",
      "coupon_exhausted",
      "used_by_you",
      "coupon_currency",
    ],
  },
  couponList: { method: "GET", path: "/coupon-list", access: "owner", list: { max: 100 }, answer: couponListAnswer },
  deleteCoupon: {
    method: "POST",
    path: "/delete-coupon",
    access: "owner",
    body: idBody,
    answer: noData,
    refusals: ["coupon_not_found", "used_stays"],
  },
  /** The owner's payments, newest first (the plans page's history). */
  paymentList: { method: "GET", path: "/payment-list", access: "owner", list: { max: 200 }, answer: paymentListAnswer },
  /** A succeeded payment's receipt, as an HTML file to download. */
  paymentReceipt: {
    method: "GET",
    path: "/payment-receipt/:id",
    access: "owner",
    params: receiptParams,
    answer: receiptHtml,
    refusals: ["receipt_not_found"],
  },
  /** Stripe's webhook: its signed events; the raw body is verified, never parsed first. */
  stripeWebhook: { method: "POST", path: "/stripe-webhook", access: "public", body: stripeWebhookBody, answer: noData },

  // Customer relationships: the directory, segments, privacy. Staff read the directory
  // of their owner's businesses ("user"); export and delete are the owner's.
  customerList: {
    method: "GET",
    path: "/customer-list",
    access: "user",
    query: customerListQuery,
    list: { max: CUSTOMER_PAGE_MAX },
    answer: customerList,
    refusals: ["bad_cursor", "business_not_found"],
  },
  customerDetail: {
    method: "GET",
    path: "/customer-detail",
    access: "user",
    query: customerSerialQuery,
    answer: customerDetail,
    refusals: ["customer_unknown"],
  },
  segmentCount: {
    method: "GET",
    path: "/segment-count",
    access: "owner",
    query: segmentCountQuery,
    answer: segmentCount,
    refusals: ["business_not_found"],
  },
  /** Everything kept about the customer (JSON); the owner answers a data-access request with it. */
  customerExport: {
    method: "GET",
    path: "/customer-export",
    access: "owner",
    query: customerSerialQuery,
    answer: customerExport,
    refusals: ["customer_unknown"],
  },
  /** Deletes the customer's cards, history, keys, pass registrations and push tokens; scans stay anonymised. */
  customerDelete: {
    method: "POST",
    path: "/customer-delete",
    access: "owner",
    body: customerDeleteBody,
    answer: customerDeleteAnswer,
    refusals: ["customer_unknown"],
  },
  /** Reads and checks a CSV of customers for one business (nothing imported yet): counts, bad rows, the mapping. */
  customerImportPreview: {
    method: "POST",
    path: "/customer-import-preview",
    access: "owner",
    body: customerImportPreviewBody,
    answer: customerImportPreview,
    upload: { kind: "csv", maxBytes: MAX_IMPORT_BYTES },
    refusals: ["business_not_found", "import_bad_encoding", "import_too_large", "import_unreadable", "import_empty"],
  },
  /** Runs a previewed import as a job (customers and cards with their starting balance); once. */
  customerImport: {
    method: "POST",
    path: "/customer-import",
    access: "owner",
    body: customerImportBody,
    answer: customerImportStatus,
    refusals: ["import_not_found"],
  },
  customerImportStatus: {
    method: "GET",
    path: "/customer-import-status",
    access: "owner",
    query: customerImportStatusQuery,
    answer: customerImportStatus,
    refusals: ["import_not_found"],
  },
  /** Approves (pays both cards through the engine, once) or rejects a held referral bonus. */
  referralReview: {
    method: "POST",
    path: "/referral-review",
    access: "owner",
    body: referralReviewBody,
    answer: referralBonusEntry,
    refusals: ["review_not_found"],
  },
  /** The customer deletes the card this device holds (the same erasure as customer-delete, for one card). */
  walletCardDelete: {
    ...walletCalls.walletCardDelete,
    body: walletCardDeleteBody,
    answer: customerDeleteAnswer,
    refusals: ["no_card_on_device", "qr_not_found", "qr_stale"],
  },
  walletBirthday: {
    ...walletCalls.walletBirthday,
    body: walletBirthdayBody,
    answer: walletBirthdayAnswer,
    refusals: ["no_card_on_device", "qr_not_found", "qr_stale"],
  },
  /** The card design of a business: its passes', card page's and counter's look. */
  cardDesignGet: {
    method: "GET",
    path: "/card-design-get",
    access: "owner",
    query: cardDesignQuery,
    answer: cardDesign,
    refusals: ["business_not_found"],
  },
  cardDesignUpdate: {
    method: "POST",
    path: "/card-design-update",
    access: "owner",
    body: cardDesignUpdateBody,
    answer: cardDesign,
    refusals: ["business_not_found", "not_an_image", "image_too_large", "image_unreadable"],
  },
  /** Automations: the four kinds of a business, saved or as their defaults. */
  automationList: {
    method: "GET",
    path: "/automation-list",
    access: "owner",
    query: automationListQuery,
    list: { max: AUTOMATION_KINDS.length },
    answer: automationListAnswer,
    refusals: ["business_not_found"],
  },
  automationSave: {
    method: "POST",
    path: "/automation-save",
    access: "owner",
    body: automationSaveBody,
    feature: "messages",
    answer: automation,
    refusals: ["business_not_found", "offer_not_win_back"],
  },
  /** What the automations sent to whom, newest first. */
  automationLog: {
    method: "GET",
    path: "/automation-log",
    access: "owner",
    query: automationLogQuery,
    list: paged,
    answer: automationLogAnswer,
  },

  // The outside view of the API.
  /** The OpenAPI 3.1 document of every call here (JSON, not the envelope). */
  openapi: { method: "GET", path: "/openapi.json", access: "public", answer: openApiDocumentAnswer },

  // An open platform: the owner's keys to the public API (/api/v1).
  /** The key is in the answer this once (`data.key`); only its hash and prefix are kept. */
  apiKeyAdd: {
    method: "POST",
    path: "/api-key-add",
    access: "owner",
    body: apiKeyAddBody,
    feature: "integrations",
    answer: newApiKey,
    refusals: ["api_keys_too_many"],
  },
  // Listing and revoking need no plan (as every read and delete): an owner whose plan lapsed can
  // still see and stop their keys.
  apiKeyList: { method: "GET", path: "/api-key-list", access: "owner", list: { max: 100 }, answer: apiKeyListAnswer },
  /** Stops the key at once: its next request is a 401. */
  apiKeyRevoke: {
    method: "POST",
    path: "/api-key-revoke",
    access: "owner",
    body: apiKeyRevokeBody,
    answer: apiKey,
    refusals: ["api_key_not_found"],
  },
  // The till: a Shopify store or Square account earns on its paid orders. Adding one
  // needs the plan's integrations; reading, changing and removing them never do (plan-features.ts).
  posConnectionAdd: {
    method: "POST",
    path: "/pos-connection-add",
    access: "owner",
    body: posConnectionAddBody,
    feature: "integrations",
    answer: posConnectionAddAnswer,
    refusals: ["business_not_found"],
  },
  /** Each connection with its last orders and the customers it could not find. */
  posConnectionList: {
    method: "GET",
    path: "/pos-connection-list",
    access: "owner",
    query: posConnectionListQuery,
    list: paged,
    answer: posConnectionListAnswer,
  },
  posConnectionSettings: {
    method: "POST",
    path: "/pos-connection-settings",
    access: "owner",
    body: posConnectionSettingsBody,
    answer: posConnectionSettingsAnswer,
    refusals: ["till_not_found"],
  },
  posConnectionDelete: {
    method: "POST",
    path: "/pos-connection-delete",
    access: "owner",
    body: posConnectionDeleteBody,
    answer: noData,
    refusals: ["till_not_found"],
  },
  /** A connection's orders, newest first. */
  posOrders: {
    method: "GET",
    path: "/pos-orders",
    access: "owner",
    query: posOrdersQuery,
    list: paged,
    answer: posOrdersAnswer,
    refusals: ["till_not_found"],
  },
  /** Insights: a business's figures for a period (owners only: staff never read them). */
  analyticsSummary: {
    method: "GET",
    path: "/analytics-summary",
    access: "owner",
    query: analyticsPeriodQuery,
    answer: analyticsSummary,
    refusals: ["business_not_found"],
  },
  /** Customers by the month they joined, and the share who came back each month after. */
  analyticsCohorts: {
    method: "GET",
    path: "/analytics-cohorts",
    access: "owner",
    query: analyticsCohortsQuery,
    answer: analyticsCohorts,
    refusals: ["business_not_found"],
  },
  /** Per staff member: the earns they gave in a period and, with a till, how many a till payment matched. */
  analyticsStaff: {
    method: "GET",
    path: "/analytics-staff",
    access: "owner",
    query: analyticsStaffQuery,
    answer: analyticsStaff,
    refusals: ["business_not_found"],
  },
  /** The owner's fraud-alert threshold: the share of a staff member's earns without a till payment (1–100 %, or null: off). */
  staffAlertUpdate: {
    method: "POST",
    path: "/staff-alert-update",
    access: "owner",
    body: staffAlertUpdateBody,
    answer: staffAlert,
    refusals: ["business_not_found"],
  },
  /** Every card scored 1–5 on recency, frequency and (with a till) spend, by segment; a segment's cards on request. */
  analyticsRfm: {
    method: "GET",
    path: "/analytics-rfm",
    access: "owner",
    query: analyticsRfmQuery,
    list: paged,
    answer: analyticsRfm,
    refusals: ["business_not_found"],
  },
  /** The share of a business's cards held out of automations, messages and offers (0–20 %). */
  controlGroupUpdate: {
    method: "POST",
    path: "/control-group-update",
    access: "owner",
    body: controlGroupUpdateBody,
    answer: controlGroup,
    refusals: ["business_not_found"],
  },
  /** The reached cards against the control group: visits and spend per customer, with a 95 % interval. */
  analyticsLift: {
    method: "GET",
    path: "/analytics-lift",
    access: "owner",
    query: analyticsPeriodQuery,
    answer: analyticsLift,
    refusals: ["business_not_found"],
  },
  /** Shopify's `orders/paid` and `refunds/create`, verified by X-Shopify-Hmac-Sha256 over the raw body. */
  posShopifyHook: {
    method: "POST",
    path: "/hooks/shopify/:connection_id",
    access: "public",
    params: posHookParams,
    body: posHookBody,
    answer: posHookAnswer,
  },
  /** Square's `payment.updated`, `refund.created` and `refund.updated`, verified by x-square-hmacsha256-signature. */
  posSquareHook: {
    method: "POST",
    path: "/hooks/square/:connection_id",
    access: "public",
    params: posHookParams,
    body: posHookBody,
    answer: posHookAnswer,
  },
  // Outgoing webhooks: the owner's endpoints, signed per Standard Webhooks. What
  // adds or sends needs the plan's integrations; reading, rotating a secret and deleting never do
  // (an owner whose plan lapsed can still stop their data leaving).
  webhookAdd: {
    ...integrations,
    method: "POST",
    path: "/webhook-add",
    body: webhookAddBody,
    answer: webhookWithSecret,
    refusals: ["webhooks_too_many"],
  },
  webhookList: {
    method: "GET",
    path: "/webhook-list",
    access: "owner",
    list: { max: MAX_WEBHOOK_ENDPOINTS },
    answer: webhookListAnswer,
  },
  webhookDelete: {
    method: "POST",
    path: "/webhook-delete",
    access: "owner",
    body: webhookIdBody,
    answer: webhookIdAnswer,
    refusals: ["webhook_not_found"],
  },
  webhookRotateSecret: {
    method: "POST",
    path: "/webhook-rotate-secret",
    access: "owner",
    body: webhookIdBody,
    answer: webhookWithSecret,
    refusals: ["webhook_not_found"],
  },
  /** An endpoint's delivery log, newest first. */
  webhookDeliveries: {
    method: "GET",
    path: "/webhook-deliveries",
    access: "owner",
    query: webhookDeliveriesQuery,
    list: paged,
    answer: webhookDeliveriesAnswer,
    refusals: ["webhook_not_found"],
  },
  /** "Send again": one more attempt of a delivery, with its webhook-id. */
  webhookRedeliver: {
    ...integrations,
    method: "POST",
    path: "/webhook-redeliver",
    body: webhookIdBody,
    answer: webhookIdAnswer,
    refusals: ["delivery_not_found"],
  },
  /** "Send a test event" to an endpoint (id: the endpoint's). */
  webhookTest: {
    ...integrations,
    method: "POST",
    path: "/webhook-test",
    body: webhookIdBody,
    answer: webhookIdAnswer,
    refusals: ["webhook_not_found"],
  },
} as const satisfies Record<string, Call>;

export type CallName = keyof typeof calls;

const all: Call[] = Object.values(calls);
const hasParams = (call: Call) => call.path.includes("/:");
const byRoute = new Map<string, Call>(all.filter((c) => !hasParams(c)).map((c) => [`${c.method} ${c.path}`, c]));

/** `/files/:id` → /^\/files\/[^/]+$/: a parameter is exactly one non-empty path segment. */
const patterns = all.filter(hasParams).map((call) => ({
  call,
  regex: new RegExp(`^${call.path.replace(/:[a-z_]+/g, "[^/]+").replace(/\//g, "\\/")}$`),
}));

/** The contract call for a method and path, or undefined when the contract has none. */
export function findCall(method: string, path: string): Call | undefined {
  const verb = method.toUpperCase();
  return byRoute.get(`${verb} ${path}`) ?? patterns.find((p) => p.call.method === verb && p.regex.test(path))?.call;
}
