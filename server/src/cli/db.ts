import fs from "node:fs";
import { loadConfig } from "../config";
import { connect } from "../db/client";
import { seed } from "../seed";

/** `tsx server/src/cli/db.ts migrate|seed`: the operator's database commands. */
async function run(command: string | undefined) {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const database = await connect(config);
  try {
    if (command === "migrate") await database.migrate();
    else if (command === "seed") await seed(database.db, { demoUser: config.seedDemoUser });
    else throw new Error("usage: cli.ts migrate|seed");
    console.log(`${command}: done`);
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
