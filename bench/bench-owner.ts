// The throwaway database a bench runs on: migrated and seeded (no demo owner), with one owner, one
// business and a stamp card for the bench to fill.
import { connectPostgres } from "../server/src/db/client";
import { businesses, rewards, users } from "../server/src/db/schema";
import { seed } from "../server/src/seed";

export async function benchOwner(script: string) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`DATABASE_URL is not set: run it as npm run ${script} (a throwaway PostgreSQL)`);
  const database = connectPostgres(url);
  await database.migrate();
  await seed(database.db, { demoUser: false });
  const db = database.db;
  const [owner] = await db
    .insert(users)
    .values({ name: "Bench Owner", email: `bench-${Date.now()}@example.com`, passwordHash: "x", role: "owner" })
    .returning({ id: users.id });
  const [business] = await db
    .insert(businesses)
    .values({
      userId: owner!.id,
      businessName: "Bench Café",
      businessCategory: "Café",
      address: "1 Bench Street",
      state: "S",
      city: "C",
      zipCode: "1",
      countryName: "United Kingdom",
    })
    .returning({ id: businesses.id });
  await db
    .insert(rewards)
    .values({ userId: owner!.id, businessId: business!.id, title: "Free coffee", stampsRequired: 10 });
  return { database, db, owner: owner!, business: business! };
}
