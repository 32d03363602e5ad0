import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance } from "fastify";
import { PROBLEM_CONTENT_TYPE, type Problem } from "../../../../contract/v1/problem";
import { isDatabaseUnavailable } from "../../http/db-unavailable";
import { HttpError } from "../../http/errors";

const problem = (status: number, detail?: string, errors?: Record<string, string[]>): Problem => ({
  type: "about:blank",
  title: STATUS_CODES[status] ?? "Error",
  status,
  ...(detail && { detail }),
  ...(errors && { errors }),
});

/**
 * The public API answers every error as RFC 9457 problem details (its own error handler: the
 * dashboard's envelope stays the dashboard's). 5xx details are logged, never answered.
 */
export function registerProblems(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, body: Problem, headers: Record<string, string> = {}) =>
      reply.code(status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(body);
    if (error instanceof HttpError) {
      return send(error.statusCode, problem(error.statusCode, error.message, error.errors), error.headers);
    }
    const code = (error as FastifyError).code;
    if (
      code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      error instanceof SyntaxError
    ) {
      return send(
        422,
        problem(422, "The request body is not valid JSON.", { _: ["The request body is not valid JSON."] }),
      );
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return send(status, problem(status, error.message));
    if (isDatabaseUnavailable(error)) return send(503, problem(503, "Try again in a moment."), { "retry-after": "1" });
    request.log.error({ err: error }, "unhandled error (public API)");
    return send(500, problem(500));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problem(404, "No such endpoint.")),
  );
}
