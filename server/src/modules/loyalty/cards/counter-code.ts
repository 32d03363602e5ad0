import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { COUNTER_CODE_LENGTH, COUNTER_WINDOW_SECONDS } from "../../../../../contract/qr-codes";

/**
 * The counter screen's rotating code: C = HMAC-SHA256(the QR code's secret, the
 * 30-s window's number), base64url, cut to a short URL-safe string. A self-scan of a rotating QR
 * code stamps only with the current or the previous window's code, and (cards.last_counter_window)
 * once per card per window: a photographed code is worth a minute at most, and a shared one
 * stamps each card once.
 */
const WINDOW_MS = COUNTER_WINDOW_SECONDS * 1000;

/** A rotating code's HMAC key: 256 random bits, kept on the API server only. */
export const newCounterSecret = () => randomBytes(32).toString("base64url");

export const windowAt = (ms: number) => Math.floor(ms / WINDOW_MS);

export function counterCode(secret: string, window: number): string {
  return createHmac("sha256", secret).update(`counter:${window}`).digest("base64url").slice(0, COUNTER_CODE_LENGTH);
}

/** The code the screen shows now, and when it stops being the current one. */
export function currentCode(secret: string, now = Date.now()) {
  const window = windowAt(now);
  return { code: counterCode(secret, window), window, expiresAt: new Date((window + 1) * WINDOW_MS) };
}

/** The window a code belongs to, when it is the current or the previous one; else null (expired or wrong). */
export function codeWindow(secret: string, code: string | null | undefined, now = Date.now()): number | null {
  if (!code || code.length !== COUNTER_CODE_LENGTH) return null;
  const given = Buffer.from(code);
  const current = windowAt(now);
  for (const window of [current, current - 1]) {
    const expected = Buffer.from(counterCode(secret, window));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return window;
  }
  return null;
}
