import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerImportRows, customerImports } from "../../db/schema";
import type { JobQueue, Jobs } from "../../services/jobs";
import { DEFAULT_KIND } from "../../../../contract/kinds";
import { importBatch, type ImportRange } from "../loyalty/engine/import";
import { currentProgramme } from "./queries";

export type ImportJob = { importId: number };

/** The reach module's customer-mail queue (reach/customer-mail.ts), which sends the invites. */
const INVITE_QUEUE = "customer-mail";

/** Rows one transaction imports: short enough that the counter's writes never wait long on it. */
export const IMPORT_BATCH = 1000;

/**
 * Batches one import runs at once, each in its own transaction. One: a second lane made the import
 * faster on a loaded machine by taking CPU from the counter, whose stamps then slowed.
 */
export const IMPORT_LANES = 1;

/**
 * The import job: staged rows in batches, each in its own transaction with the progress it made,
 * until none is left. A run cut short is taken again and goes on from the rows not yet done.
 */
export function registerImportJob(jobs: Jobs, deps: { db: Db }): JobQueue<ImportJob> {
  return jobs.work<ImportJob>(
    "customer-import",
    async ({ importId }) => {
      const [run] = await deps.db
        .update(customerImports)
        .set({ status: "running" })
        .where(eq(customerImports.id, importId))
        .returning();
      if (!run) return;
      const programme = await currentProgramme(deps.db, run.businessId);
      const target = {
        importId,
        ownerId: run.userId,
        businessId: run.businessId,
        rewardId: programme?.id ?? null,
        unit: programme?.kind ?? DEFAULT_KIND,
      };
      // The import's rows, by id: each batch is the next IMPORT_BATCH ids (a row done before is skipped).
      const [staged] = await deps.db
        .select({
          first: sql<number | null>`min(${customerImportRows.id})`,
          last: sql<number | null>`max(${customerImportRows.id})`,
        })
        .from(customerImportRows)
        .where(eq(customerImportRows.importId, importId));
      let nextAfter = Number(staged?.first ?? 1) - 1;
      const lastId = Number(staged?.last ?? 0);
      const take = (): ImportRange | null => {
        if (nextAfter >= lastId) return null;
        const range = { afterId: nextAfter, throughId: Math.min(nextAfter + IMPORT_BATCH, lastId) };
        nextAfter = range.throughId;
        return range;
      };
      const runBatch = (range: ImportRange) =>
        deps.db.transaction(async (tx) => {
          // The import is run again from its rows not done if the server stops: a batch's commit
          // need not wait for the disk.
          await tx.execute(sql`set local synchronous_commit = off`);
          const batch = await importBatch(tx, target, range);
          if (batch.rows > 0) {
            await tx
              .update(customerImports)
              .set({
                processedRows: sql`${customerImports.processedRows} + ${batch.rows}`,
                addedCustomers: sql`${customerImports.addedCustomers} + ${batch.customers}`,
                addedCards: sql`${customerImports.addedCards} + ${batch.cards}`,
                unchangedRows: sql`${customerImports.unchangedRows} + ${batch.existing}`,
              })
              .where(eq(customerImports.id, importId));
          }
          return batch;
        });
      // Each lane takes the next range when its batch is done, or the same range again from a row left.
      const lane = async () => {
        for (let range = take(); range;) {
          const batch = await runBatch(range);
          range = batch.retryFrom === null ? take() : { afterId: batch.retryFrom - 1, throughId: range.throughId };
        }
      };
      const lanes = await Promise.allSettled(Array.from({ length: IMPORT_LANES }, lane));
      const failed = lanes.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      await jobs.ready([INVITE_QUEUE]);
      await deps.db.transaction(async (tx) => {
        // The "your card" mail to each card added from a row that said yes to email, with the
        // import's end: an id per card, and the mail queue's claim per (card, purpose), send it once.
        const { rows } = (await tx.execute(
          jobs.insertSql(
            sql`select ${INVITE_QUEUE}::text as queue,
                md5(${`import-invite:${importId}:`} || c.id)::uuid as id,
                jsonb_build_object('cardId', c.id, 'purpose', 'your-card') as data
              from customer_import_rows r
              join cards c on c.customer_id = r.customer_id and c.business_id = ${run.businessId}
              where r.import_id = ${importId} and r.invite = 'email'`,
            [INVITE_QUEUE],
          ),
        )) as unknown as { rows: { name: string }[] };
        jobs.written(rows.map((row) => row.name));
        await tx
          .update(customerImports)
          .set({ status: "done", finishedAt: sql`now()` })
          .where(eq(customerImports.id, importId));
      });
    },
    { expireInSeconds: 600 },
  );
}
