import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** drizzle's own flattening of a selection into its columns, as `prepare()` does (internal in its types). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- exported by drizzle-orm, left out of its .d.ts
const { orderSelectedFields } = require("drizzle-orm") as {
  orderSelectedFields(fields: Record<string, unknown>): unknown[];
};

/** What running a select needs, once it is built: drizzle's own `prepare()` keeps the same. */
type Built = {
  query: { sql: string; params: unknown[] };
  fields: unknown[];
  /** Which joined tables may be missing: their columns map to null, not to an object of nulls. */
  joinsNotNullableMap: Record<string, boolean>;
};

/**
 * A select built once and then run in any session, a transaction's included, with its
 * `sql.placeholder()`s filled per run. drizzle's `prepare()` binds a query to the session it was
 * built on (the pool, or one transaction), so a select run in a new transaction each time is built
 * each time: on the staff stamp (bench/embedded.mts), building the token's and the card lock's
 * selects cost about as much API CPU as the rest of the request. This keeps what `prepare()`
 * computes (the SQL with its placeholders, the selected fields, which joins may be null) and asks
 * the session at hand for a query of it, named so PostgreSQL parses and plans it once per
 * connection (node-postgres keeps named statements per connection).
 *
 * It reaches below drizzle's query builder (the builder's config and join map, the session's
 * `prepareQuery`), which is why drizzle-orm is pinned to one exact version and
 * reusable-select.test.ts runs it on both databases.
 *
 * `name` must be unique among reusable selects (a named statement is one text per connection).
 */
export function reusableSelect<Q extends PgSelect>(name: string, build: (db: Db) => Q) {
  let built: Built | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Q["_"]["result"]> => {
    built ??= builtOf(build(db));
    const session = db._.session as unknown as {
      prepareQuery(
        query: Built["query"],
        fields: Built["fields"],
        name: string,
        isResponseInArrayMode: boolean,
      ): { joinsNotNullableMap?: Record<string, boolean>; execute(values: Record<string, unknown>): Promise<unknown> };
    };
    const query = session.prepareQuery(built.query, built.fields, name, true);
    query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<Q["_"]["result"]>;
  };
}

function builtOf(select: PgSelect): Built {
  const internals = select as unknown as {
    _: { config: { fields: Record<string, unknown> } };
    joinsNotNullableMap: Record<string, boolean>;
  };
  return {
    query: select.toSQL(),
    fields: orderSelectedFields(internals._.config.fields),
    joinsNotNullableMap: internals.joinsNotNullableMap,
  };
}
