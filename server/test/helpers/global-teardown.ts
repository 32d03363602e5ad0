import { dropTemplate } from "./db";

/** Jest global teardown of the api project: removes the run's template database (see db.ts). */
export default async function globalTeardown() {
  await dropTemplate();
}
