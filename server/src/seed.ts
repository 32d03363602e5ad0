import { and, eq, isNull } from "drizzle-orm";
import { hashSecret } from "./crypto";
import type { Db } from "./db/client";
import { businesses, users } from "./db/schema";
import { catchUp } from "./modules/insights/rollups";
import { seedReferenceLists } from "./seed/reference-lists";
import { seedPlans } from "./seed/plans";
import { seedCoupons, seedDemoSubscription } from "./seed/payments";
import { seedSite } from "./seed/site";
import { seedDemoBakery } from "./seed/demo-bakery";
import { seedDemoCafe } from "./seed/demo-cafe";
import { seedDemoNails } from "./seed/demo-nails";
import { seedDemoHistory } from "./seed/demo-history";

export const DEMO_USER = {
  name: "Demo Owner",
  email: "demo@example.com",
  password: "demo-password",
  phoneNumber: "+1 555 0100",
};

/** Idempotent: safe to run on every start. */
export async function seed(db: Db, options: { demoUser: boolean }) {
  await seedReferenceLists(db);
  await seedSite(db);
  await seedPlans(db);
  await seedCoupons(db);
  if (options.demoUser) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, DEMO_USER.email), isNull(users.deletedAt)))
      .limit(1);
    let demoId = existing?.id;
    if (!demoId) {
      const [created] = await db
        .insert(users)
        .values({
          name: DEMO_USER.name,
          email: DEMO_USER.email,
          phoneNumber: DEMO_USER.phoneNumber,
          passwordHash: await hashSecret(DEMO_USER.password),
          role: "owner",
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      demoId = created!.id;
    }
    await seedDemoSubscription(db, demoId);
    // Demo Café with its customers' simulated visits: only while the demo owner has no business of their own.
    await seedDemoCafe(db, demoId);
    // Beside the café's stamps, a points programme; also added to an existing demo café.
    await seedDemoBakery(db, demoId);
    // A salon selling prepaid visits (a 10-visit multipass).
    await seedDemoNails(db, demoId);
    // Six months of history for the three, so every chart of the insights has a story.
    await seedDemoHistory(db, demoId);
    // Their period figures counted before the server serves, so the first minute after a start is
    // not spent counting six months of history beside the first requests.
    const demoBusinesses = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, demoId));
    for (const business of demoBusinesses) await catchUp(db, business.id);
  }
}
