import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The job outbox (services/jobs.ts): a call writes its jobs here, in the transaction of its
 * change, and the relay moves them to the job queue (pg-boss) through its public API, oldest
 * first. `id` is the job's id (UUIDv7 in emit order, or a child's derived id): a second row with
 * the same id is ignored here, and the queue ignores an id it holds.
 */
export const jobOutbox = pgTable(
  "job_outbox",
  {
    id: uuid("id").primaryKey(),
    queue: text("queue").notNull(),
    data: jsonb("data").notNull(),
    /** Not before this moment (null: at once). */
    startAfter: timestamp("start_after", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_outbox_created_idx").on(t.createdAt, t.id)],
);

/**
 * What background jobs have done, one row an effect (services/effects.ts): a job that runs again
 * (delivered twice, or taken again after its worker died between its commit and pg-boss marking it
 * done) finds its effects here and does not repeat them. Keyed by the job's kind, the event it
 * stems from (the root job's id) and the target (a device, a card, a page); kept 30 days, far
 * longer than any job is retried, and never in pg-boss's own tables, which archive after an hour.
 */
export const jobEffects = pgTable(
  "job_effects",
  {
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.source, t.target] }), index("job_effects_created_idx").on(t.createdAt)],
);
