import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/src/db/schema",
  // `scripts/check-migrations.mjs` generates into a copy to see whether the schema has changes no
  // migration holds yet.
  out: process.env.DRIZZLE_OUT ?? "./server/migrations",
});
