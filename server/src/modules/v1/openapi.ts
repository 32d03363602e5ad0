import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { endpoints, type Endpoint } from "../../../../contract/v1/endpoints";
import { PROBLEM_CONTENT_TYPE, problem } from "../../../../contract/v1/problem";

/**
 * The public API's own OpenAPI 3.1 document (/api/v1/openapi.json), generated from its versioned
 * contract (contract/v1): apart from the dashboard's, which is not a public promise.
 */

const failure = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: problem } } });

function operation(name: string, endpoint: Endpoint): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject["responses"] = {
    [String(endpoint.status)]: { description: "Done.", content: { "application/json": { schema: endpoint.response } } },
    "401": failure("Missing, invalid or revoked API key."),
    "403": failure(`The key lacks the ${endpoint.scope} scope, or the owner's plan does not include integrations.`),
    "404": failure("Not found among the key owner's data."),
    "422": failure("Invalid input (errors per field); nothing was written."),
    "429": failure("Too many requests for this key; see Retry-After."),
  };
  if (endpoint.status === 201) {
    responses["200"] = {
      description: "Already there.",
      content: { "application/json": { schema: endpoint.response } },
    };
  }
  const op: ZodOpenApiOperationObject = {
    operationId: name,
    summary: endpoint.summary,
    description: `Scope: ${endpoint.scope}.${endpoint.idempotent ? " Takes Idempotency-Key." : ""}`,
    security: [{ bearer: [] }],
    responses,
  };
  const header = endpoint.idempotent
    ? {
        "Idempotency-Key": z
          .string()
          .max(255)
          .optional()
          .meta({ description: "Retries answer the first answer for 24 h." }),
      }
    : undefined;
  if (endpoint.query || endpoint.params || header) {
    op.requestParams = {
      ...(endpoint.query && { query: endpoint.query as z.ZodObject }),
      ...(endpoint.params && { path: endpoint.params as z.ZodObject }),
      ...(header && { header: z.object(header) }),
    };
  }
  if (endpoint.body) {
    op.requestBody = { required: true, content: { "application/json": { schema: endpoint.body } } };
  }
  return op;
}

let cached: object | undefined;

export function v1OpenApiDocument(): object {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  cached = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Loyalty Cards public API",
        version: "1",
        description: "Authenticate with `Authorization: Bearer lc_live_…` (an API key from the Integrations page).",
      },
      servers: [{ url: "/api/v1" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      paths,
    },
    { allowEmptySchema: { custom: true, transform: true } },
  );
  return cached;
}
