import "./zod-setup";
import type { Call, ListLimit } from "./call";
import { MAX_PER_PAGE } from "./pagination";
import { addAddressBody, addressListQuery } from "./address";
import {
  appleDeviceParams,
  appleLogBody,
  applePassParams,
  appleRegisterBody,
  appleRegistrationParams,
  appleUpdatedQuery,
} from "./apple-wallet";
import { apiKeyAddBody, apiKeyRevokeBody } from "./api-keys";
import { addBusinessBody, businessListQuery } from "./business";
import { cardDesignQuery, cardDesignUpdateBody } from "./card-design";
import { cardAdjustBody, cardRedeemBody, cardHistoryQuery, staffSettingsBody } from "./cards";
import {
  counterDeviceAddBody,
  counterDeviceClaimBody,
  counterDeviceListQuery,
  counterDeviceRevokeBody,
} from "./counter-devices";
import { fileParams } from "./files";
import { couponApplyBody, receiptParams, stripeWebhookBody, subscriptionChargeBody } from "./payments";
import { generateQrBody, qrDetailQuery, qrIdBody, qrIdQuery, qrListQuery, qrModeBody, singleQrQuery } from "./qr-codes";
import {
  addRewardBody,
  rewardExpiryPreviewBody,
  rewardIdBody,
  rewardListQuery,
  rewardOptionAddBody,
  rewardOptionIdBody,
  rewardOptionListQuery,
} from "./rewards";
import {
  posConnectionAddBody,
  posConnectionDeleteBody,
  posConnectionListQuery,
  posConnectionSettingsBody,
  posHookBody,
  posHookParams,
  posOrdersQuery,
} from "./pos";
import { scanFilters, scanListQuery } from "./scans";
import { scannerBody, walletCardQuery, walletJoinBody, walletRecoverBody } from "./wallet";
import { idBody } from "./ids";
import { MAX_WEBHOOK_ENDPOINTS, webhookAddBody, webhookDeliveriesQuery, webhookIdBody } from "./webhooks";
import { fcmTokenBody, messageListQuery, notificationAddBody, notificationListQuery } from "./notifications";
import { productCategoryAddBody, productCategoryListQuery } from "./product-category";
import { acceptInviteBody, addStaffBody, staffInviteQuery, staffListQuery } from "./staff";

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
} from "./auth";
import { authCalls, contactUsCall, fcmTokenCall } from "./client-calls";
import { contactUsBody, homePageQuery, pageSlugQuery } from "./site";
import {
  CUSTOMER_PAGE_MAX,
  customerDeleteBody,
  customerListQuery,
  referralReviewBody,
  customerSerialQuery,
  segmentCountQuery,
} from "./customers";
import { walletBirthdayBody, walletCardDeleteBody } from "./wallet";
import { AUTOMATION_KINDS, automationListQuery, automationLogQuery, automationSaveBody } from "./automations";

// The shape of a call (who may make it, what it does to the session, its schemas) is call.ts's.
export type { Access, Call, ListLimit, SessionEffect } from "./call";

/** The Integrations page's calls that use the feature (issue 24): owners, on a plan with integrations. */
const integrations = { access: "owner", feature: "integrations" } as const;

/** Lists paged by `page`/`per_page` (pagination.ts). */
const paged: ListLimit = { max: MAX_PER_PAGE };

/**
 * The backend contract: every call the product makes. The API server registers its routes from
 * it, the BFF forwards only what is listed here, and the browser's forms use the same schemas.
 */
export const calls = {
  register: { ...authCalls.register, body: registerBody },
  otpVerify: { ...authCalls.otpVerify, body: otpVerifyBody },
  resendOtp: { ...authCalls.resendOtp, body: resendOtpBody },
  login: { ...authCalls.login, body: loginBody },
  forgotPassword: { ...authCalls.forgotPassword, body: forgotPasswordBody },
  resetPassword: { ...authCalls.resetPassword, body: resetPasswordBody },
  logout: authCalls.logout,
  userProfile: authCalls.userProfile,
  profileUpdate: { ...authCalls.profileUpdate, body: profileUpdateBody },
  passwordUpdate: { ...authCalls.passwordUpdate, body: passwordUpdateBody },
  userSoftDelete: { ...authCalls.userSoftDelete, body: userSoftDeleteBody },
  health: { method: "GET", path: "/health", access: "public" },

  // The owner's dashboard (issue 8). Staff act for their owner on "user" calls and get 403 on
  // "owner" calls.
  dashboardDetails: { method: "GET", path: "/dashboard-details", access: "user" },
  categoryList: { method: "GET", path: "/category-list", access: "user", list: { max: 100 } },
  countryList: { method: "GET", path: "/country-list", access: "user", list: { max: 300 } },
  businessList: { method: "GET", path: "/business-list", access: "owner", query: businessListQuery, list: paged },
  addBusiness: { method: "POST", path: "/add-business", access: "owner", body: addBusinessBody, feature: "locations" },
  deleteBusiness: { method: "POST", path: "/delete-business", access: "owner", body: idBody },
  addressList: { method: "GET", path: "/address-list", access: "owner", query: addressListQuery, list: paged },
  addAddress: { method: "POST", path: "/add-address", access: "owner", body: addAddressBody, feature: "locations" },
  deleteAddress: { method: "POST", path: "/delete-address", access: "owner", body: idBody },
  productCategoryList: {
    method: "GET",
    path: "/product-category-list",
    access: "owner",
    query: productCategoryListQuery,
    list: paged,
  },
  productCategoryAdd: {
    method: "POST",
    path: "/product-category-add",
    access: "owner",
    body: productCategoryAddBody,
    feature: "product-categories",
  },
  productCategoryDelete: { method: "POST", path: "/product-category-delete", access: "owner", body: idBody },
  staffList: { method: "GET", path: "/staff-list", access: "owner", query: staffListQuery, list: paged },
  addStaff: { method: "POST", path: "/add-staff", access: "owner", body: addStaffBody, feature: "staff" },
  deleteStaff: { method: "POST", path: "/delete-staff", access: "owner", body: idBody },
  staffInvite: { method: "GET", path: "/staff-invite", access: "public", query: staffInviteQuery },
  acceptInvite: { method: "POST", path: "/accept-invite", access: "public", body: acceptInviteBody },

  // The loyalty core (issue 9): rewards, QR codes, the customer's card, stamps and scans.
  rewardList: { method: "GET", path: "/reward-list", access: "owner", query: rewardListQuery, list: paged },
  addReward: { method: "POST", path: "/add-reward", access: "owner", body: addRewardBody, feature: "stamp-cards" },
  removeReward: { method: "POST", path: "/remove-reward", access: "owner", body: rewardIdBody },
  /** What an expiry change would lapse in the next 30 days (the reward form shows it as it is typed). */
  rewardExpiryPreview: {
    method: "POST",
    path: "/reward-expiry-preview",
    access: "owner",
    body: rewardExpiryPreviewBody,
  },
  // Programmes beyond stamps (issue 23): a points programme's catalogue, and redeeming points or cashback.
  rewardOptionAdd: {
    method: "POST",
    path: "/reward-option-add",
    access: "owner",
    body: rewardOptionAddBody,
    feature: "stamp-cards",
  },
  rewardOptionList: {
    method: "GET",
    path: "/reward-option-list",
    access: "user",
    query: rewardOptionListQuery,
    list: paged,
  },
  rewardOptionDelete: { method: "POST", path: "/reward-option-delete", access: "owner", body: rewardOptionIdBody },
  /** Points for an option, or cashback money off: the owner or staff; never below zero. */
  cardRedeem: { method: "POST", path: "/card-redeem", access: "user", body: cardRedeemBody, feature: "stamp-cards" },
  listQrcode: { method: "GET", path: "/list-qrcode", access: "owner", query: qrListQuery, list: paged },
  singleQrCode: { method: "GET", path: "/single-qr-code", access: "owner", query: singleQrQuery },
  generateQr: { method: "POST", path: "/generate-qr", access: "owner", body: generateQrBody, feature: "stamp-cards" },
  deleteQr: { method: "POST", path: "/delete-qr", access: "owner", body: idBody },
  qrDetail: { method: "GET", path: "/qr-detail", access: "public", query: qrDetailQuery },
  walletJoin: {
    method: "POST",
    path: "/wallet-join",
    access: "public",
    body: walletJoinBody,
    session: "holdCardSecret",
  },
  walletCard: {
    method: "GET",
    path: "/wallet-card",
    access: "public",
    query: walletCardQuery,
    session: "useCardSecrets",
  },
  walletRecover: {
    method: "POST",
    path: "/wallet-recover",
    access: "public",
    body: walletRecoverBody,
    session: "holdCardSecret",
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
  },
  scanList: { method: "GET", path: "/scan-list", access: "user", query: scanListQuery, list: paged },
  /** CSV of the filtered scans (text/csv, not the envelope). */
  scanExport: { method: "GET", path: "/scan-export", access: "user", query: scanFilters },

  // Apple Wallet (issue 10): the card as a pass, and Apple's pass web service (paths are Apple's).
  /** The card this device holds at the QR code's business, as a signed `.pkpass` (404 when not configured). */
  appleWalletPass: {
    method: "GET",
    path: "/apple-wallet-pass",
    access: "public",
    query: walletCardQuery,
    session: "useCardSecrets",
  },
  appleRegisterDevice: {
    method: "POST",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id/:serial_number",
    access: "public",
    params: appleRegistrationParams,
    body: appleRegisterBody,
    authorization: "ApplePass",
  },
  appleUnregisterDevice: {
    method: "DELETE",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id/:serial_number",
    access: "public",
    params: appleRegistrationParams,
    authorization: "ApplePass",
  },
  appleUpdatedPasses: {
    method: "GET",
    path: "/apple-wallet/v1/devices/:device_id/registrations/:pass_type_id",
    access: "public",
    params: appleDeviceParams,
    query: appleUpdatedQuery,
    list: { max: 100 },
  },
  appleLatestPass: {
    method: "GET",
    path: "/apple-wallet/v1/passes/:pass_type_id/:serial_number",
    access: "public",
    params: applePassParams,
    authorization: "ApplePass",
  },
  appleLog: { method: "POST", path: "/apple-wallet/v1/log", access: "public", body: appleLogBody },
  // Notifications (issue 10): the owner's feed, messages to card holders, push tokens.
  notificationList: {
    method: "GET",
    path: "/notification-list",
    access: "owner",
    query: notificationListQuery,
    list: paged,
  },
  /** NEW: marks the whole feed read (the feed page calls it once the owner has seen the entries). */
  notificationRead: { method: "POST", path: "/notification-read", access: "owner" },
  /** Empties the owner's feed (it takes no input, like logout). */
  notificationClear: { method: "POST", path: "/notification-clear", access: "owner" },
  notificationAdd: {
    method: "POST",
    path: "/notification-add",
    access: "owner",
    body: notificationAddBody,
    feature: "messages",
  },
  /** NEW: the messages the owner sent, newest first. */
  messageList: { method: "GET", path: "/message-list", access: "owner", query: messageListQuery, list: paged },
  /** NEW (product.md §6): a browser's push token, for the signed-in owner or this device's card. */
  fcmToken: { ...fcmTokenCall, body: fcmTokenBody },

  // Stamps that cannot be faked (issue 15): the counter screen's rotating code, regenerated
  // tokens, daily caps, fraud alerts, corrections with a history.
  /**
   * The counter screen's current code of a QR code: owner or staff of its owner, or the tablet
   * signed in to that screen (device link); each checks its own credentials, hence public.
   */
  counterCode: { method: "GET", path: "/counter-code", access: "public", query: qrIdQuery, counterDevice: true },
  /** The counter screen's confirmations: each stamp through the QR code, as server-sent events. */
  counterEvents: {
    method: "GET",
    path: "/counter-events",
    access: "public",
    query: qrIdQuery,
    stream: true,
    counterDevice: true,
  },
  /** A device link for a tablet: its one-time link (the token is shown once). */
  counterDeviceAdd: {
    method: "POST",
    path: "/counter-device-add",
    access: "owner",
    body: counterDeviceAddBody,
    feature: "stamp-cards",
  },
  counterDeviceList: {
    method: "GET",
    path: "/counter-device-list",
    access: "owner",
    query: counterDeviceListQuery,
    list: paged,
  },
  /** The device's screen stops at once (its next request is refused). */
  counterDeviceRevoke: {
    method: "POST",
    path: "/counter-device-revoke",
    access: "owner",
    body: counterDeviceRevokeBody,
  },
  /** The tablet opens its link: the token, claimed once, goes into its httpOnly cookie. */
  counterDeviceClaim: {
    method: "POST",
    path: "/counter-device-claim",
    access: "public",
    body: counterDeviceClaimBody,
    session: "holdCounterDevice",
  },
  /** A new token for a photographed code (same label, reward and cards); the old one stops at once. */
  qrRegenerate: { method: "POST", path: "/qr-regenerate", access: "owner", body: qrIdBody },
  /** Switches a QR code between static and rotating (the QR code's page). */
  qrModeUpdate: { method: "POST", path: "/qr-mode-update", access: "owner", body: qrModeBody },
  /** A correction of a card's stamps with a reason: the owner, or staff when the owner allows it (else 403). */
  cardAdjust: { method: "POST", path: "/card-adjust", access: "user", body: cardAdjustBody, feature: "stamp-cards" },
  /** A card and its history (joins, stamps, redeems, corrections, fraud flags), paged. */
  cardHistory: { method: "GET", path: "/card-history", access: "user", query: cardHistoryQuery, list: paged },
  staffSettings: { method: "GET", path: "/staff-settings", access: "owner" },
  staffSettingsUpdate: {
    method: "POST",
    path: "/staff-settings-update",
    access: "owner",
    body: staffSettingsBody,
    feature: "staff",
  },

  /** Stored files (logos): the bytes, not the envelope; public, as customers see logos too. */
  file: { method: "GET", path: "/files/:id", access: "public", params: fileParams },
  homePageList: { method: "GET", path: "/home-page-list", access: "public", query: homePageQuery },
  pages: { method: "GET", path: "/pages", access: "public", query: pageSlugQuery },
  reviewList: { method: "GET", path: "/review-list", access: "public", list: { max: 50 } },
  subscriptionPlanList: { method: "GET", path: "/subscriptionplan-list", access: "public", list: { max: 20 } },
  contactUs: { ...contactUsCall, access: "public", body: contactUsBody },

  // Subscriptions and payments (issue 7).
  subscriptionPlanActive: { method: "GET", path: "/subscription-plan-active", access: "owner" },
  subscriptionCharge: {
    method: "POST",
    path: "/subscription-charge",
    access: "owner",
    body: subscriptionChargeBody,
  },
  couponApply: { method: "POST", path: "/coupon-apply", access: "owner", body: couponApplyBody },
  couponList: { method: "GET", path: "/coupon-list", access: "owner", list: { max: 100 } },
  deleteCoupon: { method: "POST", path: "/delete-coupon", access: "owner", body: idBody },
  /** NEW: the owner's payments, newest first (the plans page's history). */
  paymentList: { method: "GET", path: "/payment-list", access: "owner", list: { max: 200 } },
  /** NEW: a succeeded payment's receipt, as an HTML file to download. */
  paymentReceipt: { method: "GET", path: "/payment-receipt/:id", access: "owner", params: receiptParams },
  /** NEW (product.md §6): Stripe's signed events; the raw body is verified, never parsed first. */
  stripeWebhook: { method: "POST", path: "/stripe-webhook", access: "public", body: stripeWebhookBody },

  // Customer relationships (issue 16): the directory, segments, privacy. Staff read the directory
  // of their owner's businesses ("user"); export and delete are the owner's.
  customerList: {
    method: "GET",
    path: "/customer-list",
    access: "user",
    query: customerListQuery,
    list: { max: CUSTOMER_PAGE_MAX },
  },
  customerDetail: { method: "GET", path: "/customer-detail", access: "user", query: customerSerialQuery },
  segmentCount: { method: "GET", path: "/segment-count", access: "owner", query: segmentCountQuery },
  /** Everything kept about the customer (JSON); the owner answers a data-access request with it. */
  customerExport: { method: "GET", path: "/customer-export", access: "owner", query: customerSerialQuery },
  /** Deletes the customer's cards, history, keys, pass registrations and push tokens; scans stay anonymised. */
  customerDelete: { method: "POST", path: "/customer-delete", access: "owner", body: customerDeleteBody },
  /** Approves (pays both cards through the engine, once) or rejects a held referral bonus. */
  referralReview: { method: "POST", path: "/referral-review", access: "owner", body: referralReviewBody },
  /** The customer deletes the card this device holds (the same erasure as customer-delete, for one card). */
  walletCardDelete: {
    method: "POST",
    path: "/wallet-card-delete",
    access: "public",
    body: walletCardDeleteBody,
    session: "useCardSecrets",
  },
  walletBirthday: {
    method: "POST",
    path: "/wallet-birthday",
    access: "public",
    body: walletBirthdayBody,
    session: "useCardSecrets",
  },
  /** The card design of a business (issue 25 point 1): its passes', card page's and counter's look. */
  cardDesignGet: { method: "GET", path: "/card-design-get", access: "owner", query: cardDesignQuery },
  cardDesignUpdate: { method: "POST", path: "/card-design-update", access: "owner", body: cardDesignUpdateBody },
  /** Automations (issue 16, point 3): the four kinds of a business, saved or as their defaults. */
  automationList: {
    method: "GET",
    path: "/automation-list",
    access: "owner",
    query: automationListQuery,
    list: { max: AUTOMATION_KINDS.length },
  },
  automationSave: {
    method: "POST",
    path: "/automation-save",
    access: "owner",
    body: automationSaveBody,
    feature: "messages",
  },
  /** What the automations sent to whom, newest first. */
  automationLog: { method: "GET", path: "/automation-log", access: "owner", query: automationLogQuery, list: paged },

  // Hardening (issue 18): the outside view.
  /** NEW: the OpenAPI 3.1 document of every call here (JSON, not the envelope). */
  openapi: { method: "GET", path: "/openapi.json", access: "public" },

  // An open platform (issue 24): the owner's keys to the public API (/api/v1).
  /** The key is in the answer this once (`data.key`); only its hash and prefix are kept. */
  apiKeyAdd: { method: "POST", path: "/api-key-add", access: "owner", body: apiKeyAddBody, feature: "integrations" },
  // Listing and revoking need no plan (as every read and delete): an owner whose plan lapsed can
  // still see and stop their keys.
  apiKeyList: { method: "GET", path: "/api-key-list", access: "owner", list: { max: 100 } },
  /** Stops the key at once: its next request is a 401. */
  apiKeyRevoke: { method: "POST", path: "/api-key-revoke", access: "owner", body: apiKeyRevokeBody },
  // The till (issue 24 §4): a Shopify store or Square account earns on its paid orders. Adding one
  // needs the plan's integrations; reading, changing and removing them never do (plan-features.ts).
  posConnectionAdd: {
    method: "POST",
    path: "/pos-connection-add",
    access: "owner",
    body: posConnectionAddBody,
    feature: "integrations",
  },
  /** Each connection with its last orders and the customers it could not find. */
  posConnectionList: {
    method: "GET",
    path: "/pos-connection-list",
    access: "owner",
    query: posConnectionListQuery,
    list: paged,
  },
  posConnectionSettings: {
    method: "POST",
    path: "/pos-connection-settings",
    access: "owner",
    body: posConnectionSettingsBody,
  },
  posConnectionDelete: {
    method: "POST",
    path: "/pos-connection-delete",
    access: "owner",
    body: posConnectionDeleteBody,
  },
  /** A connection's orders, newest first. */
  posOrders: {
    method: "GET",
    path: "/pos-orders",
    access: "owner",
    query: posOrdersQuery,
    list: paged,
  },
  /** Shopify's `orders/paid` and `refunds/create`, verified by X-Shopify-Hmac-Sha256 over the raw body. */
  posShopifyHook: {
    method: "POST",
    path: "/hooks/shopify/:connection_id",
    access: "public",
    params: posHookParams,
    body: posHookBody,
  },
  /** Square's `payment.updated`, `refund.created` and `refund.updated`, verified by x-square-hmacsha256-signature. */
  posSquareHook: {
    method: "POST",
    path: "/hooks/square/:connection_id",
    access: "public",
    params: posHookParams,
    body: posHookBody,
  },
  // Outgoing webhooks (issue 24 §3): the owner's endpoints, signed per Standard Webhooks. What
  // adds or sends needs the plan's integrations; reading, rotating a secret and deleting never do
  // (an owner whose plan lapsed can still stop their data leaving).
  webhookAdd: { ...integrations, method: "POST", path: "/webhook-add", body: webhookAddBody },
  webhookList: { method: "GET", path: "/webhook-list", access: "owner", list: { max: MAX_WEBHOOK_ENDPOINTS } },
  webhookDelete: { method: "POST", path: "/webhook-delete", access: "owner", body: webhookIdBody },
  webhookRotateSecret: { method: "POST", path: "/webhook-rotate-secret", access: "owner", body: webhookIdBody },
  /** An endpoint's delivery log, newest first. */
  webhookDeliveries: {
    method: "GET",
    path: "/webhook-deliveries",
    access: "owner",
    query: webhookDeliveriesQuery,
    list: paged,
  },
  /** "Send again": one more attempt of a delivery, with its webhook-id. */
  webhookRedeliver: { ...integrations, method: "POST", path: "/webhook-redeliver", body: webhookIdBody },
  /** "Send a test event" to an endpoint (id: the endpoint's). */
  webhookTest: { ...integrations, method: "POST", path: "/webhook-test", body: webhookIdBody },
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
