import type { FastifyInstance } from "fastify";
import { posConnectionRoutes } from "./connections";
import { tillHookRoutes } from "./hooks";

/** The till (issue 24 §4): the owner's connections and the platforms' receivers. */
export function integrationRoutes(app: FastifyInstance) {
  posConnectionRoutes(app);
  tillHookRoutes(app);
}
