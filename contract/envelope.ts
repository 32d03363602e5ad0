import type { RefusalCode } from "./refusals";
import type { SchemaError } from "./schema";

/** Every answer of the API is this envelope. */
export type Envelope<T = unknown> = {
  status: boolean;
  message: string;
  data: T;
  /** Present on refusals (`status: false`): the stable code (refusals.ts) to decide by, never the message. */
  code?: RefusalCode;
  /** Present on 422 answers: messages per field. */
  errors?: Record<string, string[]>;
};

export type FieldErrors = Record<string, string[]>;

type Issue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] | undefined };

/** Turns validation issues into `{field: [messages]}`; issues without a path land under `_`. */
export function issueErrors(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part));
    const key = path.length > 0 ? path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A ZodError as `{field: [messages]}`. */
export const fieldErrors = (error: SchemaError): FieldErrors => issueErrors(error.issues);

export const messages = {
  unauthenticated: "Unauthenticated.",
  forbidden: "You do not have permission to do this.",
  notFound: "Not found.",
  invalidInput: "The given data was invalid.",
  serverError: "Something went wrong on our side. Please try again.",
  tooManyRequests: "Too many attempts. Please try again later.",
  serviceUnavailable: "Service unavailable, please try again",
} as const;
