import "client-only";
import type { Envelope, FieldErrors } from "../../contract/envelope";
import type { RefusalCode } from "../../contract/refusals";
import { failureText } from "../i18n/failures";
import { callRequest, isEnvelope, type CallResult, type CallSpec, type InputArgs } from "../api/call";

/** The page's language (`<html lang>`): what the web's own failure sentences are said in. */
const pageLocale = () => (typeof document === "undefined" ? undefined : document.documentElement.lang);

/**
 * A failed call as the browser sees it: the server's message, status, field errors and the
 * refusal's stable `code` (contract/refusals.ts; none when the call never reached the server).
 * Decide by the code, never by the message: the message is in the page's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly code?: RefusalCode,
  ) {
    super(message);
  }
  get unauthenticated() {
    return this.status === 401 && this.code === "unauthenticated";
  }
}

/** The message to show for any failure of a call. */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : failureText(pageLocale(), "unknown");

/**
 * Makes a contract call (`calls.login`, …) through the BFF (`/api<path>`): same-origin, the
 * session cookie goes along by itself. Resolves with the envelope; rejects with ApiError (status 0
 * when the browser is offline, the answer's status when it is not the API's envelope).
 */
export async function callApi<const C extends CallSpec>(call: C, ...input: InputArgs<C>): Promise<CallResult<C>> {
  const request = callRequest(call, ...input);
  // FormData (file uploads) goes as multipart: the browser sets the content type and boundary.
  const form = typeof FormData !== "undefined" && request.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${request.path}${request.search}`, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(request.body !== undefined && !form && { "content-type": "application/json" }),
        ...request.headers,
      },
      body: form ? (request.body as FormData) : request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: "same-origin",
      // Every answer is read fresh: the API's answers change with every scan.
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, failureText(pageLocale(), "offline"));
  }
  const envelope: unknown = await response.json().catch(() => null);
  if (!isEnvelope(envelope)) {
    throw new ApiError(response.status, failureText(pageLocale(), "unavailable"));
  }
  if (!response.ok || !envelope.status) {
    throw new ApiError(response.status, envelope.message, envelope.errors, envelope.code);
  }
  return envelope as CallResult<C>;
}

/** A call's URL on the BFF, for what the browser opens itself (a download link, an event stream). */
export function callUrl<const C extends CallSpec>(call: C, ...input: InputArgs<C>): string {
  const { path, search } = callRequest(call, ...input);
  return `/api${path}${search}`;
}

/** A call's outcome as a form shows it: its message, and the field errors of a refusal. */
export type Outcome<T> =
  | { ok: true; message: string; data: T; errors: FieldErrors }
  | { ok: false; message: string; data: null; errors: FieldErrors; code?: RefusalCode };

/** Waits for a call and says how it went, never throwing (the card page's forms). */
export function settle<T>(pending: Promise<Envelope<T>>): Promise<Outcome<T>> {
  return pending.then(
    (envelope) => ({ ok: true, message: envelope.message, data: envelope.data, errors: {} }),
    (error: unknown) => ({
      ok: false,
      message: errorMessage(error),
      data: null,
      errors: error instanceof ApiError ? error.errors : {},
      code: error instanceof ApiError ? error.code : undefined,
    }),
  );
}
