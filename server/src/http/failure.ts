import type { FastifyError, FastifyRequest } from "fastify";
import type { Sentence } from "../i18n/sentence";
import { verbatim } from "../i18n/sentence";
import type { ApiKey } from "../i18n/messages/api/en";
import { refusalCode, type RefusalCode, type RefusalKey } from "../../../contract/refusals";
import { isStatementCancelled } from "../db/errors";
import { isDatabaseUnavailable } from "./db-unavailable";
import { Refusal } from "../domain/refusal";
import { HttpError, type FieldSentences } from "./errors";

/**
 * What went wrong, as the client is to be told: a status, a sentence, field sentences (422) and
 * headers. Each surface says it in its own form (the dashboard's envelope in the request's
 * language, the public API's problem details in English), so both answer the same failure alike.
 */
export type Failure = {
  status: number;
  /** The stable code (contract/refusals.ts) clients decide by, whatever the sentence's language. */
  code: RefusalCode;
  sentence: Sentence;
  fields?: FieldSentences;
  headers: Record<string, string>;
};

/** What busboy (@fastify/multipart's parser) says of a multipart body it cannot read. */
const MULTIPART_ERROR =
  /^(Multipart: |Unexpected end of multipart data|Boundary required|The needle cannot|Malformed part header|Part terminated early)/;

const BAD_JSON = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/**
 * The one mapping from anything a handler, a hook or Fastify throws to the answer: the client's
 * own errors as they are, a body that cannot be read as 422, a database that is busy or away as
 * 503 with `Retry-After` (logged as a warning), and anything else as a 500 whose details stay in
 * the log.
 */
export function failureOf(error: unknown, request: FastifyRequest): Failure {
  const failure = failureWithoutCode(error, request);
  return { ...failure, code: refusalCode(failure.status, keyOf(failure.sentence)) };
}

const keyOf = (sentence: Sentence): ApiKey | undefined =>
  typeof sentence === "string" ? sentence : "key" in sentence ? sentence.key : undefined;

function failureWithoutCode(error: unknown, request: FastifyRequest): Omit<Failure, "code"> {
  if (error instanceof HttpError) {
    return { status: error.statusCode, sentence: error.sentence, fields: error.fields, headers: error.headers };
  }
  if (error instanceof Refusal) {
    return { status: 422, sentence: error.sentence, fields: { [error.field]: [error.sentence] }, headers: {} };
  }
  const fastifyError = error as Partial<FastifyError>;
  if ((fastifyError.code && BAD_JSON.has(fastifyError.code)) || error instanceof SyntaxError) {
    return { status: 422, sentence: "http.invalidInput", fields: { _: ["http.invalidJson"] }, headers: {} };
  }
  if (isStatementCancelled(error)) {
    request.log.warn({ err: error }, "statement cancelled (statement timeout)");
    return { status: 503, sentence: "http.serviceUnavailable", headers: { "retry-after": "5" } };
  }
  if (
    !fastifyError.statusCode &&
    request.isMultipart() &&
    typeof fastifyError.message === "string" &&
    MULTIPART_ERROR.test(fastifyError.message)
  ) {
    return { status: 422, sentence: "http.invalidInput", fields: { _: ["http.invalidMultipart"] }, headers: {} };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, sentence: verbatim(fastifyError.message ?? ""), headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    // A restart or failover of the database: the pool reconnects by itself, so the client may try
    // again in a moment.
    request.log.warn({ err: error }, "database unavailable");
    return { status: 503, sentence: "http.serviceUnavailable", headers: { "retry-after": "1" } };
  }
  request.log.error({ err: error }, "unhandled error");
  return { status: 500, sentence: "http.serverError", headers: {} };
}

/** Every refusal code names a sentence of the catalogue (a typo in contract/refusals.ts fails to build). */
export const refusalKeysAreCatalogued = (key: RefusalKey): ApiKey => key;
