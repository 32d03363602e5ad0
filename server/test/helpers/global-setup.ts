import { buildTemplate } from "./db";

/** Jest global setup of the api project: one migrated template database per run (see db.ts). */
export default async function globalSetup() {
  await buildTemplate();
}
