import { jobQueueConnection } from "../../src/services/jobs";
import { JOB_SCHEMA } from "../../src/db/job-queue-schema";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- pg-boss's own SQL, no types shipped
const plans = require("pg-boss/src/plans") as Record<
  "completeJobs" | "failJobsById" | "fetchNextJob",
  (...a: unknown[]) => string
>;

/**
 * pg-boss 10.4.2's worker marks jobs done or failed without awaiting it: when PostgreSQL is gone at
 * that moment (test:cluster restarts it under load), a rejected mark was unhandled and ended the API
 * server. The connection pg-boss runs over answers those two statements' errors with "nothing
 * marked" (the job expires and runs again) and keeps every other error.
 */
describe("the job queue's connection (services/jobs.ts)", () => {
  const gone = Object.assign(new Error("the database system is shutting down"), { code: "57P03" });
  const down = { executeSql: async () => Promise.reject(gone) };

  it("answers a failed mark of jobs as done or failed with nothing marked, and logs it", async () => {
    const warned: string[] = [];
    const connection = jobQueueConnection(down, { warn: (_obj, msg) => warned.push(msg) });
    for (const text of [plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]) {
      await expect(connection.executeSql(text, ["q", ["id"], null])).resolves.toEqual({ rows: [{ count: 0 }] });
    }
    expect(warned).toHaveLength(2);
  });

  it("keeps every other statement's error for pg-boss", async () => {
    const connection = jobQueueConnection(down, { warn: () => {} });
    await expect(connection.executeSql("select 1")).rejects.toBe(gone);
  });

  it("passes answers through", async () => {
    const rows = { rows: [{ count: "1" }] };
    const connection = jobQueueConnection({ executeSql: async () => rows }, { warn: () => {} });
    await expect(connection.executeSql(plans.completeJobs(JOB_SCHEMA), [])).resolves.toBe(rows);
  });
});
