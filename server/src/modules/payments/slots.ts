import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addresses, businesses, payments } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { underOwnerLock, type Tx } from "../../http/owner-limit";
import { formatMinor } from "../plans/present";
import { SLOT_FEE_MINOR } from "../../../../contract/payments";
import { findActivePlan } from "../../db/active-plan";
import { sentence, verbatim } from "../../i18n/sentence";

type Kind = "business" | "address";

/** 402 that the dashboard answers by leading to /payment?mode=…Payment. */
export const SLOT_FEE_REQUIRED = "slot_fee_required";

/**
 * Adds one business or address (`insert`, in the same transaction) once there is room for it:
 * under the owner's lock on that kind, so two adds at once cannot both take the last place.
 */
export function addWithSlot<T>(db: Db, ownerId: number, kind: Kind, insert: (tx: Tx) => Promise<T>): Promise<T> {
  return underOwnerLock(db, ownerId, kind === "business" ? "businesses" : "addresses", async (tx) => {
    await claimSlot(tx, ownerId, kind);
    return insert(tx);
  });
}

/**
 * Makes room for one more business or address: within the active plan's
 * allowance, or by using one succeeded extra-slot fee not used yet.
 */
async function claimSlot(tx: Tx, ownerId: number, kind: Kind) {
  const active = await findActivePlan(tx as unknown as Db, ownerId);
  if (!active) throw new HttpError(403, "plans.notActive", { plan: ["plans.notActive"] });
  const table = kind === "business" ? businesses : addresses;
  const [have] = await tx.select({ n: count() }).from(table).where(eq(table.userId, ownerId));
  const included = kind === "business" ? active.plan.includedBusinesses : active.plan.includedAddresses;
  if (have!.n < included) return;
  const mode = kind === "business" ? "businessPayment" : "addressPayment";
  const [fee] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, ownerId),
        eq(payments.mode, mode),
        eq(payments.status, "succeeded"),
        isNull(payments.slotUsedAt),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  if (fee) {
    await tx.update(payments).set({ slotUsedAt: new Date() }).where(eq(payments.id, fee.id));
    return;
  }
  const message = sentence("payments.slotFee", {
    kind,
    included,
    plan: active.plan.name,
    fee: formatMinor(SLOT_FEE_MINOR),
    currency: active.plan.currency,
  });
  // The field carries the payment mode to choose, not a sentence: the dashboard reads it.
  throw new HttpError(402, message, { [SLOT_FEE_REQUIRED]: [verbatim(mode)] });
}
