import createClient from "openapi-fetch";
import type { paths } from "./schema";

/**
 * A typed client of the public API, its types generated from /api/v1/openapi.json
 * (`npm run api:types`). `baseUrl` is the origin's API root, e.g. `https://example.com/api/v1`.
 */
export function createV1Client(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: (request: Request) => Promise<Response>;
}) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  });
}

export type V1Client = ReturnType<typeof createV1Client>;
export type { paths } from "./schema";
