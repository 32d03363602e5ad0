import "client-only";
import { ApiError } from "../api-client";

/**
 * One purchase attempt on the payment page: its idempotency key and the card token it was made
 * with, for what (mode, plan, total). The server makes one payment per key, charged under it at
 * the provider: sending the same attempt again never charges twice, so a retry whose first answer
 * never came (a timeout, the connection dropped, the provider out of reach) reuses it, card token
 * included (Stripe refuses a key sent again with other parameters). A definite answer ends it.
 */
export type ChargeAttempt = { key: string; token: string; what: string };

/** The attempt to send: the one in progress when it is for the same purchase, else none (a new one). */
export const reusableAttempt = (current: ChargeAttempt | null, what: string): ChargeAttempt | null =>
  current && current.what === what ? current : null;

/**
 * Whether a failed charge call's outcome is unknown, so the next try must be the same attempt:
 * no answer (offline, 0), a server or gateway error (5xx, the provider out of reach is 503), or
 * "being processed" (409). Anything else (declined 402, refused 4xx) is an answer: a new attempt.
 */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500;
