import { z } from "zod";

/** RFC 9457 problem details: every error of the public API (`application/problem+json`). */
export const problem = z
  .object({
    type: z.string().meta({ description: "A URI naming the kind of problem (about:blank for plain HTTP errors)." }),
    title: z.string(),
    status: z.number().int(),
    code: z.string().meta({
      description: "A stable code of the refusal (e.g. `not_found`, `validation`): decide by it, not by `detail`.",
    }),
    detail: z.string().optional(),
    /** 422: what is wrong with which field. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
export type Problem = z.infer<typeof problem>;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";
