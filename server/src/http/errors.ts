import type { FieldErrors } from "../../../contract/envelope";
import { messages } from "../../../contract/envelope";

/** An error that is the client's to see: status, message and (422) field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, messages.unauthenticated);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);

/** 422 with one field's message, for rules only the server can check (taken email, wrong code). */
export const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export const tooManyRequests = (retryAfterSeconds: number, message: string = messages.tooManyRequests) =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, retryAfterSeconds)) });
