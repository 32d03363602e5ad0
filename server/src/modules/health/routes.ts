import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { HttpError } from "../../http/errors";
import { route } from "../../http/route";
import { verbatim } from "../../i18n/sentence";

export function healthRoutes(app: FastifyInstance) {
  route(app, calls.health, async () => {
    try {
      await app.database.ping();
    } catch (err) {
      app.log.error({ err }, "health check: database unreachable");
      throw new HttpError(503, verbatim("Database unavailable."));
    }
    // Says nothing of what runs behind it: the database kind is no business of the public.
    return { message: verbatim("OK") };
  });
}
