import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers } from "../../db/schema";
import type { Events } from "../../services/events";

export type CustomerChanges = Partial<{ name: string; email: string; phone: string | null; birthday: string | null }>;

/**
 * Every change to a customer's own details goes through here: the row and, in the same
 * transaction, `customer.updated` naming the fields that really changed (none: no event), so
 * webhooks hear of it exactly when it committed. Answers those fields.
 */
export async function updateCustomer(
  db: Db,
  events: Pick<Events, "emit">,
  customerId: number,
  changes: CustomerChanges,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update").limit(1);
    if (!before) return [];
    const fields = (Object.keys(changes) as (keyof CustomerChanges)[]).filter(
      (key) => changes[key] !== undefined && changes[key] !== before[key],
    );
    if (fields.length === 0) return [];
    await tx
      .update(customers)
      .set(Object.fromEntries(fields.map((key) => [key, changes[key]])))
      .where(eq(customers.id, customerId));
    await events.emit(tx, { type: "customer.updated", ownerId: before.userId, customerId, fields });
    return fields;
  });
}
