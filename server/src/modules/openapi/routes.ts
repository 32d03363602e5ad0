import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { openApiDocument } from "./document";

export function openApiRoutes(app: FastifyInstance) {
  route(app, calls.openapi, async () => ({
    message: "openapi.document",
    file: {
      body: Buffer.from(JSON.stringify(openApiDocument())),
      contentType: "application/json; charset=utf-8",
      headers: { "cache-control": "public, max-age=300" },
    },
  }));
}
