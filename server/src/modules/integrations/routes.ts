import type { FastifyInstance } from "fastify";
import { posConnectionRoutes } from "./connections";
import { tillHookRoutes } from "./hooks";

/** The till: the owner's connections and the platforms' receivers. */
export function integrationRoutes(app: FastifyInstance) {
  posConnectionRoutes(app);
  tillHookRoutes(app);
}
