import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { reusableSelect } from "../../src/db/reusable-select";
import { businesses, users } from "../../src/db/schema";
import { createTestApp, uniqueEmail, type TestApp } from "../helpers/app";

/**
 * A select built once and run in any session (db/reusable-select.ts): what the stamp's token
 * lookup and card lock stand on. It reaches below drizzle's query builder, so this checks what it
 * must keep of drizzle's own `prepare()`: placeholders, nested selections, joins that miss.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ownerWithBusiness = reusableSelect("test_owner_with_business", (db) =>
  db
    .select({ user: users, businessName: businesses.businessName, business: businesses })
    .from(users)
    .leftJoin(businesses, eq(businesses.userId, users.id))
    .where(eq(users.id, sql.placeholder("id")))
    .$dynamic(),
);

async function owner(name: string, business?: string) {
  const [user] = await t.app.db
    .insert(users)
    .values({ name, email: uniqueEmail(name.toLowerCase()), passwordHash: "x", role: "owner" })
    .returning({ id: users.id });
  if (business) {
    await t.app.db.insert(businesses).values({
      userId: user!.id,
      businessName: business,
      businessCategory: "Café and Coffee Shop",
      address: "1 High Street",
      state: "London",
      city: "London",
      zipCode: "N1 1AA",
      countryName: "United Kingdom",
    });
  }
  return user!.id;
}

it("runs on the pool and inside transactions, each run with its own values, as drizzle maps rows", async () => {
  const ada = await owner("Ada", "Ada's Café");
  const bob = await owner("Bob");

  const [outside] = await ownerWithBusiness(t.app.db, { id: ada });
  expect(outside).toMatchObject({ user: { id: ada, name: "Ada" }, businessName: "Ada's Café" });
  expect(outside!.user.createdAt).toBeInstanceOf(Date);

  // A missed left join is null, not an object of nulls.
  const [alone] = await ownerWithBusiness(t.app.db, { id: bob });
  expect(alone).toMatchObject({ user: { id: bob, name: "Bob" }, businessName: null, business: null });

  // In two transactions one after the other, and in the same transaction twice.
  for (const id of [ada, bob]) {
    const names = await t.app.db.transaction(async (tx) => {
      const first = await ownerWithBusiness(tx, { id });
      const again = await ownerWithBusiness(tx, { id });
      return [first[0]!.user.name, again[0]!.user.name];
    });
    expect(names).toEqual(id === ada ? ["Ada", "Ada"] : ["Bob", "Bob"]);
  }
  expect(await ownerWithBusiness(t.app.db, { id: -1 })).toEqual([]);
});

it("sees the transaction's own uncommitted rows, and nothing of a rolled back one", async () => {
  const id = await owner("Cy");
  await expect(
    t.app.db.transaction(async (tx) => {
      await tx.update(users).set({ name: "Cyrus" }).where(eq(users.id, id));
      const [inside] = await ownerWithBusiness(tx, { id });
      expect(inside!.user.name).toBe("Cyrus");
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  const [after] = await ownerWithBusiness(t.app.db, { id });
  expect(after!.user.name).toBe("Cy");
});

it("stands on one exact drizzle-orm version: an upgrade is made on purpose, with this file run against it", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8"));
  const installedAt = path.join(__dirname, "../../../node_modules/drizzle-orm/package.json");
  const installed = JSON.parse(fs.readFileSync(installedAt, "utf8")).version;
  expect(pkg.dependencies["drizzle-orm"]).toBe(installed);
});
