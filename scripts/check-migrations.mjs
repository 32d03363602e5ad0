// Fails when the Drizzle schema has changes that no migration holds yet: drizzle-kit generates into a
// copy of server/migrations, and any file it adds there is a migration someone forgot to generate.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const copy = path.join("node_modules", ".cache", "migrations-check");
fs.rmSync(copy, { recursive: true, force: true });
fs.mkdirSync(copy, { recursive: true });
fs.cpSync("server/migrations", path.join(copy, "migrations"), { recursive: true });
const before = new Set(fs.readdirSync(path.join(copy, "migrations")));
execFileSync("npx", ["drizzle-kit", "generate", "--config", "server/drizzle.config.ts"], {
  env: { ...process.env, DRIZZLE_OUT: path.join(copy, "migrations") },
  stdio: ["ignore", "ignore", "inherit"],
});
const added = fs.readdirSync(path.join(copy, "migrations")).filter((f) => !before.has(f));
fs.rmSync(copy, { recursive: true, force: true });
if (added.length > 0) {
  console.error(
    `The schema has changes no migration holds (drizzle-kit would add ${added.join(", ")}).\n` +
      "Run: npm run db:generate -- --name what-it-does",
  );
  process.exit(1);
}
console.log("migrations: the schema and server/migrations agree");
