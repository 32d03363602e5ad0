import type { FastifyInstance } from "fastify";
import { createV1Client } from "../../../contract/v1/client";

/**
 * The public API's typed client, its requests answered by the built app (`inject`) instead of a
 * socket: the tests call the API exactly as an integrator's code would.
 */
export function v1Client(app: FastifyInstance, apiKey: string, remoteAddress = "10.24.0.1") {
  return createV1Client({
    baseUrl: "http://localhost/api/v1",
    apiKey,
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const payload = request.body ? await request.text() : undefined;
      const res = await app.inject({
        method: request.method as "GET" | "POST",
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        payload,
        remoteAddress,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
      }
      return new Response(res.body === "" ? null : res.body, { status: res.statusCode, headers });
    },
  });
}
