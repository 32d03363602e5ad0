import type { CardTranslator } from "@/lib/card-intl";

// The words of the card page's client parts, made on the server in the card's language: the page
// ships no message formatter (next-intl's browser code) for a handful of fixed sentences.

/** The referral box's words, in the card's language. */
export const referralWords = (t: CardTranslator, businessName: string) => ({
  referShare: t("referShare", { business: businessName }),
  linkCopied: t("linkCopied"),
  bringFriend: t("bringFriend"),
  referLead: t("referLead"),
  referLink: t("referLink"),
  share: t("share"),
});

export type ReferralWords = ReturnType<typeof referralWords>;

/** "Your data"'s words, in the card's language. */
export const privacyWords = (t: CardTranslator) => ({
  birthdayHint: t("birthdayHint"),
  birthdayLabel: t("birthdayLabel"),
  deleteCard: t("deleteCard"),
  deleteConfirm: t("deleteConfirm"),
  deleteWarning: t("deleteWarning"),
  keepCard: t("keepCard"),
  saveBirthday: t("saveBirthday"),
  yourData: t("yourData"),
});

export type PrivacyWords = ReturnType<typeof privacyWords>;

/** The QR scanner's words, in the card's language. */
export const scannerWords = (t: CardTranslator) => ({
  cameraUnavailable: t("cameraUnavailable"),
  cameraView: t("cameraView"),
  closeCamera: t("closeCamera"),
  scanCustomerCard: t("scanCustomerCard"),
  scanNotOurs: t("scanNotOurs"),
  scanQr: t("scanQr"),
  startingCamera: t("startingCamera"),
});

export type ScannerWords = ReturnType<typeof scannerWords>;
