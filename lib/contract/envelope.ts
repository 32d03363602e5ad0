import { z } from "zod";

/** Every answer of the API is this envelope (spec.md §7). */
export type Envelope<T = unknown> = {
  status: boolean;
  message: string;
  data: T;
  /** Present on 422 answers: messages per field. */
  errors?: Record<string, string[]>;
};

export type FieldErrors = Record<string, string[]>;

/** Turns a ZodError into `{field: [messages]}`; issues without a path land under `_`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export const messages = {
  unauthenticated: "Unauthenticated.",
  forbidden: "You do not have permission to do this.",
  notFound: "Not found.",
  invalidInput: "The given data was invalid.",
  serverError: "Something went wrong on our side. Please try again.",
  tooManyRequests: "Too many attempts. Please try again later.",
  serviceUnavailable: "Service unavailable, please try again",
} as const;
