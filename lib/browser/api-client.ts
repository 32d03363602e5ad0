import "client-only";
import type { Call } from "../../contract/calls";
import type { Envelope, FieldErrors } from "../../contract/envelope";
import type { RefusalCode } from "../../contract/refusals";
import { failureText } from "../i18n/failures";

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
 * session cookie goes along by itself. Resolves with the envelope; rejects with ApiError.
 */
export async function apiCall<T = unknown>(
  call: Pick<Call, "method" | "path">,
  options: {
    body?: unknown;
    search?: Record<string, string | number | undefined>;
    /** Extra request headers (an idempotent call's `Idempotency-Key`). */
    headers?: Record<string, string>;
  } = {},
): Promise<Envelope<T>> {
  const search = Object.entries(options.search ?? {}).filter(([, v]) => v !== undefined && v !== "");
  const query = search.length > 0 ? `?${new URLSearchParams(search.map(([k, v]) => [k, String(v)]))}` : "";
  // FormData (file uploads) goes as multipart: the browser sets the content type and boundary.
  const form = typeof FormData !== "undefined" && options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${call.path}${query}`, {
      method: call.method,
      headers: {
        accept: "application/json",
        ...(options.body !== undefined && !form && { "content-type": "application/json" }),
        ...options.headers,
      },
      body: form ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, failureText(pageLocale(), "offline"));
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope || typeof envelope.status !== "boolean") {
    throw new ApiError(response.status, failureText(pageLocale(), "unavailable"));
  }
  if (!response.ok || !envelope.status) {
    throw new ApiError(response.status, envelope.message, envelope.errors, envelope.code);
  }
  return envelope;
}
