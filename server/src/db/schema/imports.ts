import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { IMPORT_STATUSES, type ImportMapping } from "../../../../contract/customer-import";

/**
 * A CSV of customers an owner brings in for one business: read and checked by the preview (its
 * rows staged in `customer_import_rows`), then run as a job that writes customers and cards.
 */
export const customerImports = pgTable(
  "customer_imports",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("previewed"),
    mapping: jsonb("mapping").$type<ImportMapping>().notNull(),
    totalRows: integer("total_rows").notNull(),
    goodRows: integer("good_rows").notNull(),
    /** Rows the job has gone through, of the good ones: the progress bar. */
    processedRows: integer("processed_rows").notNull().default(0),
    addedCustomers: integer("added_customers").notNull().default(0),
    addedCards: integer("added_cards").notNull().default(0),
    /** Rows the job found already there (an earlier run of the same file): nothing changed. */
    unchangedRows: integer("unchanged_rows").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("customer_imports_user_idx").on(t.userId, t.id),
    index("customer_imports_business_idx").on(t.businessId),
  ],
);

/**
 * One data line of an import file, its cells as text (never evaluated), and why it is refused
 * (`error`, an API catalogue key) when it is. `outcome` is the job's: added, existing or conflict.
 */
export const customerImportRows = pgTable(
  "customer_import_rows",
  {
    id: serial("id").primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => customerImports.id, { onDelete: "cascade" }),
    /** The line of the file (1 is the header). */
    line: integer("line").notNull(),
    name: text("name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    phoneE164: text("phone_e164"),
    /** The phone's digits as an existing customer's phone may hold them (rows.ts). */
    phoneKeys: text("phone_keys").array(),
    birthday: text("birthday"),
    balance: integer("balance").notNull().default(0),
    consentEmail: boolean("consent_email").notNull().default(false),
    consentSms: boolean("consent_sms").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    /** The serial the row's card gets if it is new (made here: the job inserts set-based). */
    serial: text("serial").notNull(),
    /** The customer the job matched or added. */
    customerId: integer("customer_id"),
    error: text("error"),
    outcome: text("outcome", { enum: ["added", "existing", "conflict"] }),
    /** The row asked for an invite (its consent column said yes) and got a new card: email or sms. */
    invite: text("invite", { enum: ["email", "sms"] }),
  },
  (t) => [
    index("customer_import_rows_import_idx").on(t.importId, t.id),
    index("customer_import_rows_errors_idx")
      .on(t.importId, t.line)
      .where(sql`${t.error} is not null or ${t.outcome} = 'conflict'`),
  ],
);
