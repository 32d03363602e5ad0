import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { payments } from "../../db/schema";
import type { ChargeOutcome } from "../../services/payments/provider";
import { settle } from "./settle";
import { NOT_COMPLETED } from "./status";
import type { PaymentDeps } from "./deps";

type ReconcileDeps = Pick<PaymentDeps, "db" | "payments" | "events" | "jobs" | "log">;

const RECONCILE_QUEUE = "payment-reconcile";
/** Every hour at minute 41 (housekeeping runs at 17), and once whenever an API instance starts. */
export const RECONCILE_CRON = "41 * * * *";

/**
 * How old an unsettled payment is before it is looked up: the charge call itself takes up to a
 * minute at worst (Stripe's timeout and retries), and its own answer settles it.
 */
const STALE = sql`now() - interval '1 minute'`;
/**
 * A payment the provider has no charge for after this long was never charged (the call died
 * before reaching it): failed, which frees its coupon. A charge that shows up later still credits.
 */
const NEVER_CHARGED = sql`now() - interval '10 minutes'`;
/** 3-D Secure left open is looked at for as long as Stripe retries its webhooks. */
const ABANDONED = sql`now() - interval '3 days'`;
/** Rows per run: the rest waits for the next run. */
const BATCH = 100;

/**
 * Settles the payments left unsettled, as the provider says: a charge whose answer was lost (the
 * process died between the charge and the plan's activation, or the answer timed out) and whose
 * webhook never came or failed. Each row is claimed with `for update skip locked` and its
 * `updated_at` moved on in one statement, so two instances running this at once take different
 * rows, and `settle` credits a payment once whoever gets there first (the webhook, a retry).
 * Only the running provider's payments: another's references mean nothing to it.
 */
export async function reconcilePayments(deps: ReconcileDeps) {
  const claimed = (await deps.db.execute(sql`
    update ${payments} set updated_at = now()
    where id in (
      select id from ${payments}
      where updated_at < ${STALE} and provider = ${deps.payments.name}
        and (status = 'pending' or (status = 'requires_action' and created_at > ${ABANDONED}))
      order by id limit ${BATCH}
      for update skip locked
    )
    returning id, created_at < ${NEVER_CHARGED} as old`)) as unknown as { rows: { id: number; old: boolean }[] };
  const rows = claimed.rows;
  let settled = 0;
  for (const { id, old } of rows) {
    try {
      if (await reconcileOne(deps, Number(id), old)) settled++;
    } catch (err) {
      // The provider out of reach: the next run tries again (the row was claimed, not changed).
      deps.log.warn({ err, paymentId: id }, "payment not reconciled");
    }
  }
  if (rows.length > 0) deps.log.info({ looked: rows.length, settled }, "payments reconciled");
  return { looked: rows.length, settled };
}

async function reconcileOne(deps: ReconcileDeps, id: number, old: boolean): Promise<boolean> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, id));
  if (!row || (row.status !== "pending" && row.status !== "requires_action")) return false;
  let outcome: ChargeOutcome | null;
  if (row.providerRef) outcome = await deps.payments.retrieve(row.providerRef);
  else {
    outcome = await deps.payments.find(row.id);
    if (!outcome && old) outcome = { status: "failed", reference: null, message: NOT_COMPLETED };
  }
  if (!outcome || outcome.status === row.status) return false;
  const after = await settle(deps, row.id, outcome);
  return after.status !== row.status;
}

/**
 * The reconciliation as a job: scheduled hourly (one instance each time), and sent once by every
 * instance that starts, which is when a crash's leftovers are found soonest.
 */
export function registerReconciliation(app: FastifyInstance, deps: ReconcileDeps) {
  deps.jobs.schedule(RECONCILE_QUEUE, RECONCILE_CRON, async () => {
    await reconcilePayments(deps);
  });
  app.addHook("onReady", async () => {
    try {
      await deps.jobs.enqueue(deps.db, RECONCILE_QUEUE, {});
      deps.jobs.kick();
    } catch (err) {
      // The queue did not start (the database out of reach): the hourly run does it.
      deps.log.warn({ err }, "payment reconciliation not queued at start");
    }
  });
}
