import { messages, type FieldErrors } from "../../../contract/envelope";
import type { Translate } from "../i18n";
import { inEnglish, say, verbatim, type Sentence } from "../i18n/sentence";

/** A field's sentences, said in the request's language like the error's own. */
export type FieldSentences = Record<string, Sentence[]>;

const said = (fields: FieldSentences, speak: (s: Sentence) => string): FieldErrors =>
  Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map(speak)]));

/**
 * An error that is the client's to see: status, sentence and (422) field sentences. `message`
 * and `errors` are English (logs, the public API); `localized(t)` is what the app's calls answer.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly sentence: Sentence,
    readonly fields?: FieldSentences,
    readonly headers: Record<string, string> = {},
  ) {
    super(inEnglish(sentence));
  }

  get errors(): FieldErrors | undefined {
    return this.fields && said(this.fields, inEnglish);
  }

  localized(t: Translate): { message: string; errors?: FieldErrors } {
    const message = say(t, this.sentence);
    return this.fields ? { message, errors: said(this.fields, (s) => say(t, s)) } : { message };
  }
}

/**
 * The session is over: its code `unauthenticated` is the BFF's and the browser's signal to sign
 * out; the text stays English (nobody reads it: the login page follows).
 */
export const unauthenticated = () => new HttpError(401, verbatim(messages.unauthenticated));
export const forbidden = (message: Sentence = "http.forbidden") => new HttpError(403, message);
export const notFound = (message: Sentence = "http.notFound") => new HttpError(404, message);

/** 422 with one field's message, for rules only the server can check (taken email, wrong code). */
export const invalid = (field: string, message: Sentence) => new HttpError(422, message, { [field]: [message] });

export const tooManyRequests = (retryAfterSeconds: number, message: Sentence = "http.tooManyRequests") =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, retryAfterSeconds)) });
