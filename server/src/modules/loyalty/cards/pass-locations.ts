import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { addresses } from "../../../db/schema";

/** Apple Wallet reads at most 10 locations of a pass (PassKit's limit). */
export const MAX_PASS_LOCATIONS = 10;

export type PassLocation = { latitude: number; longitude: number; relevantText: string };

/**
 * The places where a business's card surfaces on the lock screen: its addresses that
 * carry coordinates, the oldest first, at most 10, each with the line the lock screen shows.
 */
export async function passLocations(db: Db, businessId: number, businessName: string): Promise<PassLocation[]> {
  const rows = await db
    .select({ latitude: addresses.latitude, longitude: addresses.longitude })
    .from(addresses)
    .where(and(eq(addresses.businessId, businessId), isNotNull(addresses.latitude), isNotNull(addresses.longitude)))
    .orderBy(asc(addresses.id))
    .limit(MAX_PASS_LOCATIONS);
  return rows.map((row) => ({
    latitude: row.latitude!,
    longitude: row.longitude!,
    relevantText: `${businessName} is nearby: show your stamp card.`.slice(0, 100),
  }));
}
