import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Endpoint } from "../../../../contract/v1/endpoints";
import { authenticateApiKey, type ApiKeyCaller } from "../../http/api-key-auth";
import { HttpError } from "../../http/errors";
import { idempotencyKeyOf, requestHash, runIdempotent } from "../../http/idempotency";
import { requireFeature } from "../../http/plan-feature";
import type { Limit } from "../../services/rate-limit";
import { verbatim, type Sentence } from "../../i18n/sentence";

/** Requests one key may make (fixed window, shared by every API instance; RATE_LIMIT_FACTOR scales it). */
export const API_KEY_LIMIT: Limit = { max: 600, windowSeconds: 60 };

export const INVALID_KEY = "Missing, invalid or revoked API key. Send Authorization: Bearer <your key>.";
export const missingScope = (scope: string) => `This API key does not have the ${scope} scope.`;

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export type V1Context<E extends Endpoint> = {
  caller: ApiKeyCaller;
  body: Input<E["body"]>;
  query: Input<E["query"]>;
  params: Input<E["params"]>;
  request: FastifyRequest;
};

/** What a handler answers: the JSON body, and a status other than the endpoint's own (enrol's 200). */
export type V1Result = { data: unknown; status?: number };

function parse(schema: z.ZodType | undefined, value: unknown) {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, Sentence[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(verbatim(issue.message));
  throw new HttpError(422, verbatim("The request is not valid."), errors);
}

/**
 * Registers one public API endpoint: the key (401), its rate limit (429), its scope (403), the
 * owner's plan (403), the input (422, nothing written), then `Idempotency-Key` on writes, and the
 * handler. Everything the handler touches is scoped by `caller.ownerId`.
 */
export function v1Route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: V1Context<E>) => Promise<V1Result>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path.replace(/\{([a-z_]+)\}/g, ":$1"),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await authenticateApiKey(app.db, request);
      if (!caller) throw new HttpError(401, verbatim(INVALID_KEY), undefined, { "www-authenticate": "Bearer" });
      await app.limiter.hit(`api-key:${caller.keyId}`, API_KEY_LIMIT);
      if (!caller.scopes.includes(endpoint.scope)) throw new HttpError(403, verbatim(missingScope(endpoint.scope)));
      await requireFeature(app.db, caller.ownerId, "integrations");
      const ctx = {
        caller,
        params: parse(endpoint.params, request.params),
        query: parse(endpoint.query, request.query),
        body: parse(endpoint.body, request.body),
        request,
      } as V1Context<E>;
      const key = "idempotent" in endpoint && endpoint.idempotent ? idempotencyKeyOf(request) : undefined;
      const run = async () => {
        const result = await handler(ctx);
        return { statusCode: result.status ?? endpoint.status, body: result.data };
      };
      const answer = key
        ? await runIdempotent(app.db, { scope: `key:${caller.keyId}`, key, hash: requestHash(request) }, run)
        : { ...(await run()), replayed: false };
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return reply.code(answer.statusCode).send(answer.body);
    },
  });
}
