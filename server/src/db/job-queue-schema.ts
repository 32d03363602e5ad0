import PgBoss from "pg-boss";

/** The schema pg-boss keeps its queues, jobs and schedules in (services/jobs.ts). */
export const JOB_SCHEMA = "pgboss";

type Run = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Installs or upgrades pg-boss's own tables, with the app's migrations (`npm run db:migrate`,
 * MIGRATE_ON_START): pg-boss's schema is versioned by pg-boss, not drizzle-kit, so it is not a
 * drizzle migration, but it is created at the same moment, under the same lock on PostgreSQL.
 * The API server then starts pg-boss with `migrate: false` (it only checks the version).
 */
export async function installJobQueue(run: Run): Promise<void> {
  const exists = await run(`select to_regclass('${JOB_SCHEMA}.version') is not null as installed`);
  if (!exists.rows[0]?.installed) {
    await run(PgBoss.getConstructionPlans(JOB_SCHEMA));
    // pg-boss's own queue for cron jobs, which it would otherwise create at every start: here
    // once, so that instances starting together do not race to create it.
    await run(`select ${JOB_SCHEMA}.create_queue('__pgboss__send-it', '{}'::json)`);
    return;
  }
  const { rows } = await run(`select version from ${JOB_SCHEMA}.version`);
  const installed = Number(rows[0]?.version);
  // All steps from the installed version to this release's, in one locked transaction (typed as
  // a string, compared as a number).
  if (installed < jobQueueVersion()) await run(PgBoss.getMigrationPlans(JOB_SCHEMA, String(installed)));
}

/** The schema version this pg-boss release expects. */
export function jobQueueVersion(): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("pg-boss/version.json") as { schema: number }).schema;
}
