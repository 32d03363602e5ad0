import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { calls, type Call } from "../../../../contract/calls";

/**
 * The OpenAPI 3.1 document of the API, generated from the contract: one
 * operation per call of `calls.ts`, with its params, query and body schemas (zod → JSON Schema by
 * zod-openapi), its access as a security requirement, and the `{status, message, data}` envelope
 * every answer carries. Nothing here names a call, so a new call is documented by default.
 */

const envelope = z
  .object({ status: z.boolean(), message: z.string(), data: z.unknown() })
  .meta({ id: "Envelope", description: "Every JSON answer: `status` is true exactly for a 2xx." });
const failure = z
  .object({
    status: z.literal(false),
    /** The stable code of contract/refusals.ts: what a client decides by (the message is in the caller's language). */
    code: z.string(),
    message: z.string(),
    data: z.null(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: "Failure",
    description: "A refused request: `code` says which refusal; `errors` holds field messages (422).",
  });

const answer = (description: string, schema: z.ZodType = failure) => ({
  description,
  content: { "application/json": { schema } },
});

/** `/files/:id` → `/files/{id}`. */
const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, "{$1}");

/** Whether a body schema holds a file (a `custom` under a field): such calls take multipart. */
function takesFiles(schema: Call["body"]): boolean {
  const shape = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown> } } } | undefined)?._zod.def
    .shape;
  return Object.values(shape ?? {}).some((field) => JSON.stringify(describeKinds(field)).includes("custom"));
}

/** The kinds of zod definitions inside a schema, for `takesFiles` (no JSON Schema needed). */
function describeKinds(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def || depth > 6) return [];
  const inner = ["innerType", "in", "out"].flatMap((key) => describeKinds(def[key], depth + 1));
  return [String(def.type), ...inner];
}

function operation(name: string, call: Call): ZodOpenApiOperationObject {
  const signedIn = call.access !== "public";
  const responses: ZodOpenApiOperationObject["responses"] = {
    "200": {
      description: "Done (some calls answer a file or CSV instead of the envelope).",
      content: { "application/json": { schema: envelope } },
    },
  };
  if (call.body || call.query || call.params)
    responses["422"] = answer("Invalid input: field messages, nothing written.");
  if (signedIn) responses["401"] = answer("No session, or an expired or revoked token.");
  if (call.access === "owner") responses["403"] = answer("Staff may not make this call.");
  if (call.params || signedIn) responses["404"] = answer("Not found, or another owner's.");
  responses["429"] = answer("Too many requests.");

  const op: ZodOpenApiOperationObject = {
    operationId: name,
    summary: `${call.method} ${call.path}`,
    description: `Access: ${call.access}.${call.session ? ` Session effect: ${call.session}.` : ""}`,
    security: signedIn ? [{ bearer: [] }] : [],
    responses,
  };
  if (call.query || call.params) {
    op.requestParams = {
      ...(call.query && { query: call.query as z.ZodObject }),
      ...(call.params && { path: call.params as z.ZodObject }),
    };
  }
  if (call.body) {
    const schema = call.body as z.ZodType;
    op.requestBody = {
      required: true,
      content: takesFiles(call.body)
        ? { "multipart/form-data": { schema }, "application/json": { schema } }
        : { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
    };
  }
  return op;
}

let cached: object | undefined;

/** The document, built once (the contract does not change while the server runs). */
export function openApiDocument(): object {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, call] of Object.entries(calls) as [string, Call][]) {
    const path = openApiPath(call.path);
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(name, call) };
  }
  cached = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Loyalty Cards API",
        version: "1",
        description: "Generated from the contract (contract/calls.ts). Browsers reach it through the web app's /api.",
      },
      servers: [{ url: "/api" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      paths,
    },
    {
      // Files, Stripe's raw event and the contract's preprocessing steps have no JSON Schema: they
      // are documented as "any value" rather than failing the whole document.
      allowEmptySchema: { custom: true, transform: true },
    },
  );
  return cached;
}
