import { eq } from "drizzle-orm";
import { newQrToken } from "../modules/loyalty/engine/codes";
import type { Db } from "../db/client";
import { addresses, businesses, qrCodes, rewards } from "../db/schema";
import { DEMO_BAKERY } from "./demo-bakery";
import { DEMO_CAFE } from "./demo-cafe";

/**
 * "Demo Nails": a salon selling prepaid visits, beside the café's stamps and the bakery's points:
 * a 10-visit pass whose unused visits lapse 180 days after the last sale, its salon and its QR code.
 * Within the demo owner's Growth plan (three businesses, five locations with the café's two and
 * the bakery's one).
 */
export const DEMO_NAILS = { name: "Demo Nails", visits: 10, expireAfterDays: 180 } as const;

/** Seeds Demo Nails for the demo owner, once, while the owner's businesses are the demo's own. */
export async function seedDemoNails(db: Db, ownerId: number) {
  const owned = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.userId, ownerId));
  const demo: string[] = [DEMO_CAFE.name, DEMO_BAKERY.name];
  // Not twice, and never beside a business of the owner's own.
  if (owned.some((b) => !demo.includes(b.name))) return { created: false as const };
  return db.transaction(async (tx) => {
    const place = {
      businessCategory: "Beauty salon",
      address: "4 Rue Oberkampf",
      state: "Île-de-France",
      city: "Paris",
      zipCode: "75011",
      countryName: "France",
    };
    const [business] = await tx
      .insert(businesses)
      .values({ userId: ownerId, businessName: DEMO_NAILS.name, currency: "EUR", timeZone: "Europe/Paris", ...place })
      .returning({ id: businesses.id });
    const businessId = business!.id;
    const [salon] = await tx
      .insert(addresses)
      .values({ userId: ownerId, businessId, latitude: 48.8649, longitude: 2.3756, ...place })
      .returning({ id: addresses.id });
    const [reward] = await tx
      .insert(rewards)
      .values({
        userId: ownerId,
        businessId,
        title: "10 manicures",
        description: "A pass of 10 manicures, paid at the counter: each visit uses one.",
        kind: "multipass",
        stampsRequired: DEMO_NAILS.visits,
        expireAfterDays: DEMO_NAILS.expireAfterDays,
        cooldownMinutes: 60,
      })
      .returning({ id: rewards.id });
    await tx.insert(qrCodes).values({
      userId: ownerId,
      businessId,
      addressId: salon!.id,
      rewardId: reward!.id,
      label: "Desk",
      qrToken: newQrToken(),
    });
    return { created: true as const, businessId, rewardId: reward!.id };
  });
}
