import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../helpers/app";

// Every foreign key has an index whose leading columns are the key's columns.
// Without one, deleting or changing a referenced row scans the whole referencing table (a QR
// code's delete read all of card_events), and so does every join and filter on the key.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ForeignKey = { name: string; table_name: string; columns: string[]; indexed: boolean };

/**
 * The foreign keys of the app's schema (`public`; pg-boss's tables are its own), each with whether
 * an index serves it: one whose first columns are the key's columns, in any order, over the whole
 * table or only where the key is not null (a lookup of a key value implies it is not null: the
 * schema indexes keys that are mostly null so). `indkey` is an int2vector, numbered from 0: its
 * text makes a 1-based array.
 */
const notNull = sql`'(' || array_to_string(array(select quote_ident(a.attname) || ' IS NOT NULL'
  from unnest(c.conkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
  order by k.ord), ') AND (') || ')'`;

const foreignKeys = () =>
  t.query<ForeignKey>(sql`
    select c.conname as name, c.conrelid::regclass::text as table_name,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord) as columns,
      exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indpred is null or pg_get_expr(i.indpred, i.indrelid) = ${notNull})
          and array(select x from unnest((string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)]) x order by x)
            = array(select x from unnest(c.conkey) x order by x)
      ) as indexed
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'
    order by 2, 1`);

const describeKey = (key: ForeignKey) => `${key.table_name}(${key.columns.join(", ")}) ${key.name}`;

it("every foreign key of the migrated schema has an index led by its columns", async () => {
  const keys = await foreignKeys();
  // The query sees the schema's keys (not a vacuous pass): cards, card_events, payments, …
  expect(keys.length).toBeGreaterThan(30);
  expect(keys.filter((key) => !key.indexed).map(describeKey)).toEqual([]);
});

it("names a foreign key added without an index, and takes one led by its columns", async () => {
  await t.query(sql`create table fk_probe (id serial primary key, note text,
    owner_id integer not null references users(id), card_id integer references cards(id))`);
  try {
    const probe = async () => (await foreignKeys()).filter((key) => key.table_name === "fk_probe" && !key.indexed);
    expect((await probe()).map(describeKey)).toEqual([
      "fk_probe(card_id) fk_probe_card_id_fkey",
      "fk_probe(owner_id) fk_probe_owner_id_fkey",
    ]);
    // An index with the key's column second, or one over some rows only, does not serve it…
    await t.query(sql`create index fk_probe_note_owner on fk_probe (note, owner_id)`);
    await t.query(sql`create index fk_probe_card_some on fk_probe (card_id) where note is null`);
    expect((await probe()).map((key) => key.name)).toEqual(["fk_probe_card_id_fkey", "fk_probe_owner_id_fkey"]);
    // …one led by it does, and so does one over the rows where the key is set.
    await t.query(sql`create index fk_probe_owner_note on fk_probe (owner_id, note)`);
    expect((await probe()).map((key) => key.name)).toEqual(["fk_probe_card_id_fkey"]);
    await t.query(sql`create index fk_probe_card_set on fk_probe (card_id) where card_id is not null`);
    expect(await probe()).toEqual([]);
  } finally {
    await t.query(sql`drop table fk_probe`);
  }
});
