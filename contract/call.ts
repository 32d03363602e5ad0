import type { PlanFeature } from "./plan-features";
import { COMMON_REFUSALS, type RefusalCode } from "./refusals";
import type { Schema } from "./schema";

// The shape of every call of the contract (calls.ts lists them; client-calls.ts holds the few the
// light pages import without zod). A module of its own so both import it without importing each other.

/**
 * Who may make a call: anyone, any signed-in user (owner or staff), or owners only.
 * Staff calling an owner-only call get 403.
 */
export type Access = "public" | "user" | "owner";

/**
 * What a call does to the web session; the BFF acts on it, so no call needs a path check there.
 * - `signIn`: the answer's `auth_token` goes into the session (the browser never sees it).
 * - `signOut`: the session ends once the API confirms (the token is revoked).
 * - `holdResetToken`: the answer's `data.reset_token` goes into the session.
 * - `spendResetToken`: the held reset token is added to the body, and forgotten on success.
 * - `readProfile`: the session's plan status follows the answer's `data.status_payment`, and the
 *   `NEXT_LOCALE` cookie its `data.locale` (as on `signIn`).
 * - `holdCardSecret`: the answer's `data.card_secret` goes into the device's card cookie (httpOnly,
 *   apart from the sign-in session: a card outlives logins), never to the browser's JS; the
 *   device's secrets go to the API server as with `useCardSecrets` (the join alert counts devices).
 * - `useCardSecrets`: the device's card secrets go to the API server (header `x-card-secrets`).
 * - `holdCounterDevice`: the body's device-link `token`, once the API accepts it, goes into the
 *   tablet's counter cookie (httpOnly, long-lived): the device link of a counter screen.
 * Every call: a refusal coded `unauthenticated` (refusals.ts) ends the session.
 */
export type SessionEffect =
  | "signIn"
  | "signOut"
  | "holdResetToken"
  | "spendResetToken"
  | "readProfile"
  | "holdCardSecret"
  | "useCardSecrets"
  | "holdCounterDevice";

export type Call = {
  /** DELETE only where a protocol not ours names it (Apple's pass web service). */
  method: "GET" | "POST" | "DELETE";
  /**
   * Path under the API base (`/api`). Clients already call these names, so a path never changes:
   * new calls add paths, never rename one. A `:name` segment is a path parameter (`/files/:id`),
   * validated by `params`.
   */
  path: string;
  access: Access;
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** The answer's schema: what `data` of a success holds. */
  answer: Schema;
  /**
   * The refusal codes (refusals.ts) the call itself may answer, beside those every call may
   * (`COMMON_REFUSALS`, and the plan's when it declares a `feature`).
   */
  refusals?: readonly RefusalCode[];
  session?: SessionEffect;
  /**
   * The BFF passes the client's own `Authorization` header on when it uses this scheme (Apple
   * Wallet calls with `ApplePass <token>`, not a browser), instead of the session's bearer token.
   */
  authorization?: "ApplePass";
  /**
   * The plan feature the call needs (plan-features.ts): the acting owner's active plan must include
   * it, else 403 with a message the dashboard shows (no plan, a lapsed one, or a smaller one).
   * Calls that create or change what a plan sells declare one; reads and deletes do not.
   */
  feature?: PlanFeature;
  /**
   * A list call: the most items one answer holds. Paged lists refuse a `per_page` above it (422,
   * in `route`); the others are reference lists cut at it by their query. No list is unbounded.
   */
  list?: ListLimit;
  /**
   * The answer is a long-lived `text/event-stream` (server-sent events): the BFF streams it as it
   * comes, never buffers it and never times it out.
   */
  stream?: true;
  /**
   * The call honours `Idempotency-Key` (server/src/http/idempotency.ts): a retry with the same key
   * and body answers what the first answered, without doing it again; another body is a 422.
   */
  idempotent?: true;
  /**
   * A counter screen's tablet (device link) may make this call: the BFF passes its device token
   * on (header x-counter-device). A request bearing only that device cookie gets 403 on every
   * other call.
   */
  counterDevice?: true;
  /**
   * The call takes one CSV file (multipart) of up to `maxBytes`, read as it streams in: the
   * handler gets its cells (`CsvTable`), never the whole file's bytes. Larger is a 413.
   */
  upload?: { kind: "csv"; maxBytes: number };
};

/** See `Call.list`. */
export type ListLimit = { max: number };

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
