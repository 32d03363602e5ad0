// Field limits as plain numbers and patterns, and a filter's choices, for pages that should not
// ship zod to the browser (the public site, the scanner): HTML constraint validation and select
// options. The zod schemas use the same values.

// Valid with the `v` flag browsers compile `pattern` with (so the brackets are escaped).
export const PHONE_PATTERN = "\\+?[0-9 \\(\\)\\-]{6,20}";
export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 191,
  companyMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** card-topup: the most visits sold at once. */
export const MAX_TOPUP = 100;

/** What a scan-list entry records (the scan list's kind filter). */
export const SCAN_KINDS = ["join", "stamp", "redeem"] as const;
