import type { FastifyInstance } from "fastify";
import { v1CardRoutes } from "./cards";
import { v1VoucherRoutes } from "./vouchers";
import { v1ListRoutes } from "./lists";
import { v1OpenApiDocument } from "./openapi";
import { registerProblems } from "./problems";

/** The public API, registered under /api/v1 with its own errors and document. */
export async function publicApi(app: FastifyInstance) {
  registerProblems(app);
  app.get("/openapi.json", async (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=300")
      .type("application/json; charset=utf-8")
      .send(v1OpenApiDocument()),
  );
  v1CardRoutes(app);
  v1VoucherRoutes(app);
  v1ListRoutes(app);
}
