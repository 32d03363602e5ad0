import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
