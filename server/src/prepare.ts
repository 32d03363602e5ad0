import { fork } from "node:child_process";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { seed } from "./seed";

/** Makes the API server's entry point prepare the database and exit (see `prepareInChild`). */
export const PREPARE_FLAG = "--prepare-database";

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

/**
 * Prepares the embedded database in a child process (this same entry point with PREPARE_FLAG) that
 * exits before the server opens it. Creating a PGlite database (initdb) and migrating it takes
 * ~800 MB, which a WebAssembly memory never gives back: done in the server's own process, the API
 * server would carry that for its whole life. Opened afterwards, the database costs ~170 MB.
 */
export function prepareInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    // The same script and Node flags (the built bundle, or tsx's loader in development).
    const child = fork(process.argv[1]!, [PREPARE_FLAG], { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}
