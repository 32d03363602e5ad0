import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
};

/**
 * Runs raw SQL as `db.execute` does, as a named statement: PostgreSQL parses it once per
 * connection and, once it has seen it a few times, plans it once (a generic plan), where an
 * unnamed statement is parsed and planned on every run. For a hot statement built in a few shapes
 * whose values are all parameters: the stamp's one write (engine/apply.ts) spent about a third of
 * its database time in planning. The name is the hash of the text, so each shape gets its own
 * statement and two texts never share a name; a text with values written into it (no parameters)
 * would make a statement per value on every connection, so only use it where none are.
 */
export async function executeNamed<R>(db: Db, query: SQL): Promise<{ rows: R[] }> {
  const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const name = nameOf(built.sql);
  const session = db._.session as unknown as Session;
  return (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: R[] };
}

/** The names of the texts run so far: a few shapes, each hashed once instead of on every run. */
const names = new Map<string, string>();
/** More texts than shapes: values written into the text; they are hashed each time, not kept. */
const MAX_NAMES = 500;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `n_${createHash("sha1").update(text).digest("hex")}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}
