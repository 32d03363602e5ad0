/**
 * The operator's coupon tool:
 *   npm run coupon -- create CODE --percent 20 [--until 2026-12-31] [--from …] [--max 100]
 *   npm run coupon -- create CODE --fixed 5.00 --currency USD …
 *   npm run coupon -- list
 * Uses the same database as the API server (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { desc } from "drizzle-orm";
import { loadConfig } from "../config";
import { connect } from "../db/client";
import { coupons } from "../db/schema";
import { createCoupon } from "../modules/payments/coupons";
import { formatMinor, parseMajor } from "../modules/plans/present";

const USAGE = `Usage:
  npm run coupon -- create CODE (--percent N | --fixed AMOUNT --currency XXX) [--from DATE] [--until DATE] [--max N]
  npm run coupon -- list`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function date(value: string | undefined, name: string) {
  if (value === undefined) return null;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) fail(`--${name} is not a date: ${value}`);
  return parsed;
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      percent: { type: "string" },
      fixed: { type: "string" },
      currency: { type: "string" },
      from: { type: "string" },
      until: { type: "string" },
      max: { type: "string" },
    },
  });
  const [command, code] = positionals;
  const database = await connect(loadConfig());
  try {
    await database.migrate();
    if (command === "list") {
      for (const c of await database.db.select().from(coupons).orderBy(desc(coupons.id))) {
        const off = c.kind === "percent" ? `${c.value}%` : `${formatMinor(c.value)} ${c.currency}`;
        console.log(
          `${c.code}\t${off} off\tfrom ${c.validFrom?.toISOString() ?? "-"}\tuntil ${c.validUntil?.toISOString() ?? "-"}\tmax ${c.maxRedemptions ?? "-"}`,
        );
      }
      return;
    }
    if (command !== "create") fail("Unknown command.");
    if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code)) fail("CODE: 1–40 letters, digits, - or _.");
    if (Boolean(values.percent) === Boolean(values.fixed)) fail("Give exactly one of --percent and --fixed.");
    const percent = values.percent === undefined ? null : Number(values.percent);
    if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 100)) {
      fail("--percent: a whole number from 1 to 100.");
    }
    let fixedMinor: number | null = null;
    if (values.fixed !== undefined) {
      try {
        fixedMinor = parseMajor(values.fixed);
      } catch {
        fail(`--fixed is not an amount: ${values.fixed}`);
      }
      if (!values.currency || !/^[A-Za-z]{3}$/.test(values.currency)) fail("--fixed needs --currency (e.g. USD).");
    }
    const max = values.max === undefined ? null : Number(values.max);
    if (max !== null && !(Number.isInteger(max) && max >= 1)) fail("--max: a whole number of at least 1.");
    const coupon = await createCoupon(database.db, {
      code,
      kind: percent !== null ? "percent" : "fixed",
      value: percent ?? fixedMinor!,
      currency: values.currency?.toUpperCase() ?? null,
      validFrom: date(values.from, "from"),
      validUntil: date(values.until, "until"),
      maxRedemptions: max,
    }).catch((error: unknown) => {
      if (
        String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505"
      ) {
        fail(`A coupon ${code.toUpperCase()} already exists.`);
      }
      throw error;
    });
    console.log(`Created coupon ${coupon.code} (id ${coupon.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
