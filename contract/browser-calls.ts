// The dashboard's calls as the browser makes them: each call's method and path, with the types of
// its schemas (contract/calls.ts) and none of the schemas themselves. Importing `calls` from
// calls.ts would bring zod and every schema of the product into each section's first-load
// JavaScript; a form that validates in the browser imports its own schema where it is used.
// TypeScript checks each entry's method and path against calls.ts: a call has one definition.
import type { calls as contract } from "./calls";
import { authCalls, contactUsCall, counterCalls, fcmTokenCall, walletCalls } from "./client-calls";

type Contract = typeof contract;

/** What the browser needs of a call at run time. */
type Route<C> = C extends { method: infer M; path: infer P } ? { readonly method: M; readonly path: P } : never;

/**
 * A call of the table: its method and path, and the types of the rest of its contract entry as
 * optional fields (absent at run time), so the one client (lib/browser/api-client.ts) types its
 * input and answer from the contract.
 */
export type BrowserCall<C> = Route<C> & { readonly [K in Exclude<keyof C, "method" | "path">]?: C[K] };

const routes = {
  acceptInvite: { method: "POST", path: "/accept-invite" },
  addAddress: { method: "POST", path: "/add-address" },
  addBusiness: { method: "POST", path: "/add-business" },
  addressList: { method: "GET", path: "/address-list" },
  addReward: { method: "POST", path: "/add-reward" },
  addStaff: { method: "POST", path: "/add-staff" },
  analyticsCohorts: { method: "GET", path: "/analytics-cohorts" },
  analyticsLift: { method: "GET", path: "/analytics-lift" },
  analyticsRfm: { method: "GET", path: "/analytics-rfm" },
  analyticsStaff: { method: "GET", path: "/analytics-staff" },
  analyticsSummary: { method: "GET", path: "/analytics-summary" },
  apiKeyAdd: { method: "POST", path: "/api-key-add" },
  apiKeyList: { method: "GET", path: "/api-key-list" },
  apiKeyRevoke: { method: "POST", path: "/api-key-revoke" },
  automationList: { method: "GET", path: "/automation-list" },
  automationLog: { method: "GET", path: "/automation-log" },
  automationSave: { method: "POST", path: "/automation-save" },
  businessList: { method: "GET", path: "/business-list" },
  cardAdjust: { method: "POST", path: "/card-adjust" },
  cardDesignGet: { method: "GET", path: "/card-design-get" },
  cardDesignUpdate: { method: "POST", path: "/card-design-update" },
  cardHistory: { method: "GET", path: "/card-history" },
  cardRedeem: { method: "POST", path: "/card-redeem" },
  cardTopup: { method: "POST", path: "/card-topup" },
  cardVouchers: { method: "GET", path: "/card-vouchers" },
  categoryList: { method: "GET", path: "/category-list" },
  categoryRuleDelete: { method: "POST", path: "/category-rule-delete" },
  categoryRuleList: { method: "GET", path: "/category-rule-list" },
  categoryRuleSave: { method: "POST", path: "/category-rule-save" },
  counterDeviceAdd: { method: "POST", path: "/counter-device-add" },
  counterDeviceList: { method: "GET", path: "/counter-device-list" },
  counterDeviceRevoke: { method: "POST", path: "/counter-device-revoke" },
  controlGroupUpdate: { method: "POST", path: "/control-group-update" },
  countryList: { method: "GET", path: "/country-list" },
  couponApply: { method: "POST", path: "/coupon-apply" },
  couponList: { method: "GET", path: "/coupon-list" },
  customerDelete: { method: "POST", path: "/customer-delete" },
  customerDetail: { method: "GET", path: "/customer-detail" },
  customerExport: { method: "GET", path: "/customer-export" },
  customerImport: { method: "POST", path: "/customer-import" },
  customerImportPreview: { method: "POST", path: "/customer-import-preview" },
  customerImportStatus: { method: "GET", path: "/customer-import-status" },
  customerList: { method: "GET", path: "/customer-list" },
  dashboardDetails: { method: "GET", path: "/dashboard-details" },
  deleteAddress: { method: "POST", path: "/delete-address" },
  deleteBusiness: { method: "POST", path: "/delete-business" },
  deleteCoupon: { method: "POST", path: "/delete-coupon" },
  deleteQr: { method: "POST", path: "/delete-qr" },
  deleteStaff: { method: "POST", path: "/delete-staff" },
  generateQr: { method: "POST", path: "/generate-qr" },
  listQrcode: { method: "GET", path: "/list-qrcode" },
  messageList: { method: "GET", path: "/message-list" },
  notificationAdd: { method: "POST", path: "/notification-add" },
  notificationClear: { method: "POST", path: "/notification-clear" },
  notificationList: { method: "GET", path: "/notification-list" },
  notificationRead: { method: "POST", path: "/notification-read" },
  offerAdd: { method: "POST", path: "/offer-add" },
  offerDelete: { method: "POST", path: "/offer-delete" },
  offerList: { method: "GET", path: "/offer-list" },
  offerSend: { method: "POST", path: "/offer-send" },
  paymentList: { method: "GET", path: "/payment-list" },
  paymentReceipt: { method: "GET", path: "/payment-receipt/:id" },
  posConnectionAdd: { method: "POST", path: "/pos-connection-add" },
  posConnectionDelete: { method: "POST", path: "/pos-connection-delete" },
  posConnectionList: { method: "GET", path: "/pos-connection-list" },
  posConnectionSettings: { method: "POST", path: "/pos-connection-settings" },
  productCategoryAdd: { method: "POST", path: "/product-category-add" },
  productCategoryDelete: { method: "POST", path: "/product-category-delete" },
  productCategoryList: { method: "GET", path: "/product-category-list" },
  promotionAdd: { method: "POST", path: "/promotion-add" },
  promotionDelete: { method: "POST", path: "/promotion-delete" },
  promotionList: { method: "GET", path: "/promotion-list" },
  qrCodeScanner: { method: "POST", path: "/qr-code-scanner" },
  qrModeUpdate: { method: "POST", path: "/qr-mode-update" },
  qrRegenerate: { method: "POST", path: "/qr-regenerate" },
  reachSettingsGet: { method: "GET", path: "/reach-settings-get" },
  reachSettingsSave: { method: "POST", path: "/reach-settings-save" },
  referralReview: { method: "POST", path: "/referral-review" },
  removeReward: { method: "POST", path: "/remove-reward" },
  rewardExpiryPreview: { method: "POST", path: "/reward-expiry-preview" },
  rewardList: { method: "GET", path: "/reward-list" },
  rewardOptionAdd: { method: "POST", path: "/reward-option-add" },
  rewardOptionDelete: { method: "POST", path: "/reward-option-delete" },
  rewardOptionList: { method: "GET", path: "/reward-option-list" },
  scanExport: { method: "GET", path: "/scan-export" },
  scanList: { method: "GET", path: "/scan-list" },
  segmentCount: { method: "GET", path: "/segment-count" },
  singleQrCode: { method: "GET", path: "/single-qr-code" },
  smsEstimate: { method: "POST", path: "/sms-estimate" },
  staffAlertUpdate: { method: "POST", path: "/staff-alert-update" },
  staffInvite: { method: "GET", path: "/staff-invite" },
  staffList: { method: "GET", path: "/staff-list" },
  staffSettings: { method: "GET", path: "/staff-settings" },
  staffSettingsUpdate: { method: "POST", path: "/staff-settings-update" },
  subscriptionCharge: { method: "POST", path: "/subscription-charge" },
  subscriptionPlanActive: { method: "GET", path: "/subscription-plan-active" },
  subscriptionPlanList: { method: "GET", path: "/subscriptionplan-list" },
  voucherIssue: { method: "POST", path: "/voucher-issue" },
  voucherRedeem: { method: "POST", path: "/voucher-redeem" },
  webhookAdd: { method: "POST", path: "/webhook-add" },
  webhookDelete: { method: "POST", path: "/webhook-delete" },
  webhookDeliveries: { method: "GET", path: "/webhook-deliveries" },
  webhookList: { method: "GET", path: "/webhook-list" },
  webhookRedeliver: { method: "POST", path: "/webhook-redeliver" },
  webhookRotateSecret: { method: "POST", path: "/webhook-rotate-secret" },
  webhookTest: { method: "POST", path: "/webhook-test" },
} as const satisfies { readonly [K in keyof Contract]?: Route<Contract[K]> };

type Routes = typeof routes;

/**
 * Every call the dashboard's browser code makes, by its name in calls.ts: a call a new section
 * needs gets one line in `routes` (its method and path, which TypeScript checks against calls.ts).
 */
export const calls = {
  ...(routes as { readonly [K in keyof Routes]: BrowserCall<Contract[K & keyof Contract]> }),
  ...authCalls,
  ...walletCalls,
  ...counterCalls,
  fcmToken: fcmTokenCall,
  contactUs: contactUsCall,
};
