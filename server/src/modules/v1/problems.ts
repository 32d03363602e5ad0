import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import { PROBLEM_CONTENT_TYPE, type Problem } from "../../../../contract/v1/problem";
import type { RefusalCode } from "../../../../contract/refusals";
import { HttpError } from "../../http/errors";
import { failureOf } from "../../http/failure";

const problem = (status: number, code: RefusalCode, detail?: string, errors?: Record<string, string[]>): Problem => ({
  type: "about:blank",
  title: STATUS_CODES[status] ?? "Error",
  status,
  code,
  ...(detail && { detail }),
  ...(errors && { errors }),
});

/**
 * The public API answers every error as RFC 9457 problem details, in English: the same failures
 * as the dashboard's calls (http/failure.ts), in the form integrators expect. A 500's details are
 * logged, never answered.
 */
export function registerProblems(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const failure = failureOf(error, request);
    const said = new HttpError(failure.status, failure.sentence, failure.fields);
    const body =
      failure.status === 500
        ? problem(500, failure.code)
        : problem(failure.status, failure.code, said.message, said.errors);
    return reply.code(failure.status).headers(failure.headers).type(PROBLEM_CONTENT_TYPE).send(body);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send(problem(404, "not_found", "No such endpoint.")),
  );
}
