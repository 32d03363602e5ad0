import { randomBytes } from "node:crypto";
import { QR_TOKEN_PATTERN } from "../../../../../contract/qr-codes";
import { sha256 } from "../../../crypto";

/** A business QR token: 192 random bits, URL-safe (32 base64url characters). */
export const newQrToken = () => randomBytes(24).toString("base64url");

/** A card's secret (256 bits): kept in the device's httpOnly cookie, stored here as its sha256. */
export const newCardSecret = () => randomBytes(32).toString("base64url");

// Crockford's base32 without I, L, O, U: read aloud or typed from a phone without mix-ups.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SERIAL_PATTERN = /^LC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A card serial, `LC-XXXX-XXXX-XXXX` (60 random bits). Public (printed as the card's QR), yet not
 * enumerable: staff can stamp only their own owner's cards anyway.
 */
export function newSerial(): string {
  return serialOf(randomBytes(12), 0);
}

/** `count` new serials (an import's cards), from one draw of random bytes. */
export function newSerials(count: number): string[] {
  const bytes = randomBytes(12 * count);
  return Array.from({ length: count }, (_, n) => serialOf(bytes, 12 * n));
}

/** The serial of the 12 bytes at `offset`: 5 random bits a character. */
function serialOf(bytes: Uint8Array, offset: number): string {
  let chars = "LC-";
  for (let i = 0; i < 12; i++) {
    if (i === 4 || i === 8) chars += "-";
    chars += ALPHABET[bytes[offset + i]! & 31];
  }
  return chars;
}

export type ScannedCode =
  { kind: "card"; serial: string } | { kind: "business"; qrToken: string; counterCode?: string } | { kind: "unknown" };

/**
 * What a scanned or typed code is: a card serial (any case, spaces or missing dashes forgiven), a
 * business QR (the add-to-wallet URL, from any host, with its counter code, or the bare token), or
 * nothing of ours.
 */
export function parseScannedCode(raw: string): ScannedCode {
  const text = raw.trim();
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  if (/^LC[0-9A-Z]{12}$/.test(compact)) {
    const serial = `LC-${compact.slice(2, 6)}-${compact.slice(6, 10)}-${compact.slice(10, 14)}`;
    if (SERIAL_PATTERN.test(serial)) return { kind: "card", serial };
  }
  if (QR_TOKEN_PATTERN.test(text)) return { kind: "business", qrToken: text };
  try {
    const url = new URL(text);
    const token = url.searchParams.get("qr_token");
    if (url.pathname.replace(/\/$/, "") === "/add-to-wallet" && token && QR_TOKEN_PATTERN.test(token)) {
      // A rotating code's URL carries the counter screen's code.
      return { kind: "business", qrToken: token, counterCode: url.searchParams.get("code") ?? undefined };
    }
  } catch {
    // Not a URL: nothing of ours.
  }
  return { kind: "unknown" };
}

/**
 * The device a request comes from, for the join alert: its oldest card key (the card cookie keeps
 * keys newest first), hashed apart from card_keys' own hashes. Null for a device holding no card.
 */
export function deviceHash(secrets: string[]): string | null {
  const oldest = secrets.at(-1);
  return oldest ? sha256(`device:${oldest}`) : null;
}

/**
 * A voucher's code, `V-XXXX-XXXX-XXXX` (60 random bits, the serial's alphabet): the holder's
 * bearer secret, read aloud or typed at the counter.
 */
export function newVoucherCode(): string {
  const chars = [...randomBytes(12)].map((b) => ALPHABET[b & 31]).join("");
  return `V-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
