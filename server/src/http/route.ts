import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import type { Call } from "../../../contract/calls";
import { issueErrors, messages } from "../../../contract/envelope";
import { localeFromAcceptLanguage } from "../../../contract/locales";
import { localizeIssue, type ValidationIssue } from "../../../contract/validation-keys";
import { safeParse, type Schema } from "../../../contract/schema";
import { actingOwnerId, authenticate, type AuthUser } from "./auth";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet-device";
import { sha256 } from "../crypto";
import { csvUploadConfig } from "./csv-upload";
import { forbidden, HttpError, unauthenticated, type FieldSentences } from "./errors";
import { idempotencyKeyOf, requestHash, runIdempotent } from "./idempotency";
import { requireFeature } from "./plan-feature";
import { translator, type Translate } from "../i18n";
import { say, sentence, verbatim, type Sentence } from "../i18n/sentence";

type Input<S> = S extends Schema ? z.output<S> : undefined;
type UserFor<C extends Call> = C["access"] extends "public" ? AuthUser | null : AuthUser;

export type Context<C extends Call> = {
  body: Input<C["body"]>;
  query: Input<C["query"]>;
  params: Input<C["params"]>;
  user: UserFor<C>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request's language (Accept-Language): for words a handler builds itself, such as a balance's. */
  t: Translate;
};

/**
 * What a handler answers; the route wraps it in the `{status, message, data}` envelope. `data` is
 * what the call's `answer` schema accepts (no data: `null`).
 */
export type Result<D = unknown> = {
  message: Sentence;
  data?: D;
  statusCode?: number;
  /** Top-level fields beside the envelope's, e.g. login's `auth_token`. */
  extra?: Record<string, unknown>;
  /**
   * Answer these bytes instead of the envelope (stored files), or this stream (an export written
   * as its rows are read: the answer starts before the last row exists, and memory stays flat).
   */
  file?: { body: Buffer | Readable; contentType: string; headers: Record<string, string> };
  /** Answer this server-sent events stream instead (calls marked `stream` in the contract). */
  stream?: Readable;
};

/** Fields whose text holds U+0000, which PostgreSQL cannot store in `text` (the write would fail). */
function nulCharFields(value: unknown, path: string[] = [], out: FieldSentences = {}) {
  if (typeof value === "string") {
    if (value.includes("\u0000")) out[path.join(".") || "_"] = ["http.invalidCharacter"];
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) nulCharFields(item, [...path, key], out);
  }
  return out;
}

/**
 * A 422 for a value the contract refuses, in the request's language (the BFF passes the page's
 * as Accept-Language): English keeps the contract's own wording, other languages the catalogue's
 * generic message for each issue, as the forms show before sending.
 */
function refused(issues: readonly ValidationIssue[], t: Translate) {
  const localized = issues.map((issue) =>
    localizeIssue(issue, t.locale, (key, values) => t(`validation.${key}`, values)),
  );
  const message = t.locale === "en" ? messages.invalidInput : t("validation.invalidInput");
  const fields = Object.entries(issueErrors(localized)).map(([field, list]) => [field, list.map(verbatim)]);
  return new HttpError(422, verbatim(message), Object.fromEntries(fields) as FieldSentences);
}

function parse(schema: Schema | undefined, value: unknown, t: Translate) {
  if (!schema) return undefined;
  const parsed = safeParse(schema, value ?? {});
  if (!parsed.success) throw refused(parsed.error.issues as readonly ValidationIssue[], t);
  const nul = nulCharFields(parsed.data);
  if (Object.keys(nul).length > 0) throw new HttpError(422, "http.invalidInput", nul);
  return parsed.data;
}

/** A list call's page size is at most its declared maximum (`Call.list`): more is refused, not clamped. */
function tooLong(max: number, query: unknown) {
  const perPage = (query as { per_page?: unknown } | undefined)?.per_page;
  if (typeof perPage === "number" && perPage > max) {
    throw new HttpError(422, "http.invalidInput", { per_page: [sentence("http.perPageTooBig", { max })] });
  }
}

/**
 * Whose `Idempotency-Key`s a request's belong to: the signed-in person's (an owner's, or each staff
 * member's own: their scanners make up keys independently), or (a customer's device on a public
 * call) its card secrets'. Undefined: nobody's, and the key is not honoured.
 */
function idempotencyScope(user: AuthUser | null, request: FastifyRequest): string | undefined {
  if (user) return user.role === "staff" ? `staff:${user.id}` : `owner:${user.id}`;
  const secrets = request.headers[CARD_SECRETS_HEADER];
  return typeof secrets === "string" && secrets ? `card:${sha256(secrets)}` : undefined;
}

/**
 * Registers one contract call: authenticates and authorises per `call.access` (and the owner's
 * plan per `call.feature`), validates body and query with the contract's zod schemas (422 with
 * field messages, before anything is written), then answers the envelope. Every route goes through here, so no handler can forget a check.
 */
export function route<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: Context<C>) => Promise<Result<z.input<C["answer"]>>>,
) {
  app.route({
    method: call.method,
    url: call.path,
    ...(call.upload && { config: csvUploadConfig(call.upload.maxBytes) }),
    handler: async (request, reply) => {
      let user: AuthUser | null = null;
      if (call.access !== "public" || request.headers.authorization) {
        user = await authenticate(app.db, request);
        if (!user && call.access !== "public") throw unauthenticated();
        if (call.access === "owner" && user?.role !== "owner") throw forbidden();
      }
      const t = translator(localeFromAcceptLanguage(request.headers["accept-language"]));
      const query = parse(call.query, request.query, t);
      if (call.list) tooLong(call.list.max, query);
      const ctx = {
        body: parse(call.body, request.body, t),
        query,
        params: parse(call.params, request.params, t),
        user,
        request,
        reply,
        t,
      } as Context<C>;
      // What the plan sells, after validation (a bad field is a 422 whatever the plan, as the
      // dashboard's forms expect) and before the handler writes anything.
      if (call.feature && user) await requireFeature(app.db, actingOwnerId(user), call.feature);
      const key = call.idempotent ? idempotencyKeyOf(request) : undefined;
      const scope = key && idempotencyScope(user, request);
      if (key && scope) {
        const answer = await runIdempotent(app.db, { scope, key, hash: requestHash(request) }, async () => {
          const result = await handler(ctx);
          return { statusCode: result.statusCode ?? 200, body: envelope(result, t) };
        });
        if (answer.replayed) reply.header("idempotent-replayed", "true");
        return reply.code(answer.statusCode).send(answer.body);
      }
      const result = await handler(ctx);
      if (result.stream) {
        // no-transform: no compression layer on the way (the web server's) may hold events back.
        return reply
          .code(200)
          .headers({
            "content-type": "text/event-stream; charset=utf-8",
            "cache-control": "no-cache, no-transform",
            "x-accel-buffering": "no",
          })
          .send(result.stream);
      }
      if (result.file) {
        return reply
          .code(result.statusCode ?? 200)
          .headers({ ...result.file.headers, "content-type": result.file.contentType })
          .send(result.file.body);
      }
      return reply.code(result.statusCode ?? 200).send(envelope(result, t));
    },
  });
}

const envelope = (result: Result, t: Translate) => ({
  status: true,
  message: say(t, result.message),
  ...result.extra,
  data: result.data ?? null,
});
