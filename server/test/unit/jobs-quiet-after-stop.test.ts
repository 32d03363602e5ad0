import { quietAfterStop } from "../../src/services/jobs";

// pg-boss's cron worker may record a job's end after the queue has stopped, without waiting for
// it; its statement must not reach the pool the app closes next (a closed pool rejects, and nothing
// would handle that rejection).
it("passes statements to the database until the queue stops, then answers no rows without reaching it", async () => {
  const sent: string[] = [];
  const sql = quietAfterStop({
    executeSql: async (text) => {
      sent.push(text);
      return { rows: [{ ok: 1 }] };
    },
  });
  expect(await sql.executeSql("select 1")).toEqual({ rows: [{ ok: 1 }] });
  sql.stop();
  expect(await sql.executeSql("update pgboss.job set state = 'failed'")).toEqual({ rows: [] });
  expect(sent).toEqual(["select 1"]);
});
