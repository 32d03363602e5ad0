import type { Config } from "./config";
import type { Database } from "./db/client";
import { seed } from "./seed";

/**
 * Migrates and seeds as configured, under the start-up lock: several API servers starting at once
 * on one PostgreSQL run the migrations once and the seed one after the other.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await database.atStartup(async (locked) => {
    if (config.migrateOnStart) await locked.migrate();
    if (config.seedOnStart) await seed(locked.db, { demoUser: config.seedDemoUser });
  });
}
