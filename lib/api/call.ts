import type * as z from "zod";
import type { Call } from "../../contract/call";
import type { Envelope } from "../../contract/envelope";
import type { Schema } from "../../contract/schema";

/*
 * What both of the web's transports of a contract call share (the browser's through the BFF,
 * lib/browser/api-client.ts; the web server's to the API server, lib/server/call-api.ts): the
 * input a call takes, typed from its schemas, and the request it makes. Types and plain functions
 * only: the light pages import this without zod or any server code.
 */

/**
 * A call as a transport needs it: its method and path, and whatever else its contract entry says.
 * The light pages' entries (contract/client-calls.ts) declare their schemas' types without the
 * schemas, so their input is typed as well.
 */
export type CallSpec = Pick<Call, "method" | "path"> & Partial<Omit<Call, "method" | "path">>;

type Part = "body" | "query" | "params";

/** The schema a call declares for `body`, `query` or `params`, or never. */
type SchemaAt<C, K extends Part> = C extends { readonly [P in K]?: infer S }
  ? Exclude<S, undefined> extends Schema
    ? Exclude<S, undefined>
    : never
  : never;

/** One part of the input: absent without a schema, optional when its schema needs nothing. */
type Field<K extends Part, S, Extra = never> = [S] extends [never]
  ? { readonly [P in K]?: undefined }
  : object extends z.input<S>
    ? { readonly [P in K]?: z.input<S> | Extra }
    : { readonly [P in K]: z.input<S> | Extra };

/** The body the caller sends: the reset token of a `spendResetToken` call is the BFF's to add. */
type BodyField<C> = C extends { session: "spendResetToken" }
  ? SchemaAt<C, "body"> extends infer S
    ? [S] extends [never]
      ? Field<"body", never>
      : { readonly body: Omit<z.input<S>, "reset_token"> }
    : never
  : Field<"body", SchemaAt<C, "body">, FormData>;

/**
 * What a call takes: its body (or FormData, a multipart upload), its query and its path parameters,
 * each as its schema's input; `headers` adds request headers (an idempotent call's Idempotency-Key).
 */
export type CallInput<C> = BodyField<C> &
  Field<"query", SchemaAt<C, "query">> &
  Field<"params", SchemaAt<C, "params">> & { readonly headers?: Record<string, string> };

/** The input as a rest parameter: optional when the call needs nothing. */
export type InputArgs<C> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * The type of a call's answer (`data`), from its contract's `answer` schema (a light page's entry
 * declares only its type: an optional field); unknown without one.
 */
export type AnswerOf<C> = C extends { readonly answer?: infer S }
  ? Exclude<S, undefined> extends infer A extends Schema
    ? z.output<A>
    : unknown
  : unknown;

/** What a call resolves with: the envelope of its answer. */
export type CallResult<C> = Envelope<AnswerOf<C>>;

/** A contract path with its `:name` parameters filled in, each encoded as one path segment. */
export function callPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string (`?a=1&b=x`, or "" when empty): values left undefined, null or "" are not sent. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === "") continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The request a call makes: its method, its path with parameters and query, its body and headers. */
export type CallRequest = {
  method: Call["method"];
  /** Under the API base, parameters filled in: `/files/7`. */
  path: string;
  /** `?x=1`, or "". */
  search: string;
  body?: unknown;
  headers: Record<string, string>;
};

export function callRequest<const C extends CallSpec>(call: C, ...input: InputArgs<C>): CallRequest;
export function callRequest(call: CallSpec, input: CallInput<CallSpec> = {}): CallRequest {
  const {
    body,
    query,
    params,
    headers = {},
  } = input as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
    headers?: Record<string, string>;
  };
  return { method: call.method, path: callPath(call.path, params), search: queryString(query), body, headers };
}

/** An answer that is the API's envelope (anything else is an answer of something in between). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { status?: unknown }).status === "boolean";
}
