import PgBoss from "pg-boss";

/** The schema pg-boss keeps its queues, jobs and schedules in (services/jobs.ts). */
export const JOB_SCHEMA = "pgboss";

/** pg-boss's own queue for cron jobs (its timekeeper sends scheduled jobs through it). */
const CRON_QUEUE = "__pgboss__send-it";

type Run = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Installs or upgrades pg-boss's own tables, with the app's migrations (`npm run db:migrate`,
 * MIGRATE_ON_START): pg-boss's schema is versioned by pg-boss, not drizzle-kit, so it is not a
 * drizzle migration, but it is created at the same moment, under the same lock on PostgreSQL.
 * The API server then starts pg-boss with `migrate: false` (it only checks the version).
 * Everything here is pg-boss's public API: its construction and migration plans, and an
 * instance that is never started, over `run`, for what it knows of the installed schema.
 */
export async function installJobQueue(run: Run): Promise<void> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => run(text, values) }, schema: JOB_SCHEMA });
  if (!(await boss.isInstalled())) {
    await run(PgBoss.getConstructionPlans(JOB_SCHEMA));
    // Created here once, so that instances starting together do not race to create it.
    await boss.createQueue(CRON_QUEUE);
    return;
  }
  const installed = Number(await boss.schemaVersion());
  // All steps from the installed version to this release's, in one locked transaction (typed as
  // a string, compared as a number).
  if (installed < jobQueueVersion()) await run(PgBoss.getMigrationPlans(JOB_SCHEMA, String(installed)));
}

/** The schema version this pg-boss release expects. */
export function jobQueueVersion(): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("pg-boss/version.json") as { schema: number }).schema;
}
