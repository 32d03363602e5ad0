import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { KindName } from "../../../../../contract/kinds";

/** What one batch of an import did: rows gone through, customers and cards added, rows already there. */
export type ImportBatch = {
  rows: number;
  customers: number;
  cards: number;
  existing: number;
  conflicts: number;
  /** The batch's last staged row: the next batch starts after it. */
  lastId: number;
};

export type ImportTarget = {
  importId: number;
  ownerId: number;
  businessId: number;
  /** The business's programme: the new cards collect for it, their balance in its unit. */
  rewardId: number | null;
  unit: KindName;
};

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const countOf = (result: unknown) => (result as { rowCount?: number | null }).rowCount ?? 0;

/**
 * Imports the next `size` staged rows of an import, set-based, in the caller's transaction: each
 * row's customer is the owner's by email, else by the phone's digits (a row whose email and phone
 * are two different customers' is a conflict and left alone), or a new one; then a card at the
 * business with its starting balance and its history entry (kind `import`, by the owner), the
 * consent the row gave (source `import`) and its join date as the card's creation. A customer who
 * already holds a card here keeps it unchanged: running the same file again adds nothing.
 * The batch is the next rows after `afterId` (0 at first, or after a run cut short): a keyset, so
 * a batch never scans the rows done before it. Answers null when no row is left.
 */
export async function importBatch(
  tx: Db,
  target: ImportTarget,
  size: number,
  afterId = 0,
): Promise<ImportBatch | null> {
  const { importId, ownerId, businessId } = target;
  const digits = (column: SQL) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
  const matched = rowsOf(
    await tx.execute(sql`
      with batch as (
        select id, email, phone_keys from customer_import_rows
        where import_id = ${importId} and id > ${afterId} and error is null and outcome is null
        order by id limit ${size}
      ), by_phone as (
        -- A join, not a subquery per row: the planner may hash the owner's phones once a batch.
        select distinct on (b.id) b.id, c.id as customer_id
        from batch b cross join lateral unnest(b.phone_keys) k
        join customers c on c.user_id = ${ownerId} and ${digits(sql`c.phone`)} = k
        order by b.id, c.id
      ), matched as (
        select b.id,
          (select c.id from customers c where c.user_id = ${ownerId} and lower(c.email) = lower(b.email)) as by_email,
          p.customer_id as by_phone
        from batch b left join by_phone p on p.id = b.id
      )
      update customer_import_rows r
      set customer_id = coalesce(m.by_email, m.by_phone),
          outcome = case when m.by_email <> m.by_phone then 'conflict' end
      from matched m where r.id = m.id
      returning r.id, r.outcome`),
  );
  if (matched.length === 0) return null;
  const ids = sql`any(${sql.param(matched.map((row) => Number(row.id)))}::int[])`;
  const conflicts = matched.filter((row) => row.outcome === "conflict").length;

  const customers = countOf(
    await tx.execute(sql`
      insert into customers (user_id, name, email, phone, phone_e164, birthday, created_at)
      select ${ownerId}, name, email, phone, phone_e164, birthday::date, coalesce(joined_at, now())
      from customer_import_rows where id = ${ids} and customer_id is null and outcome is null
      order by id
      on conflict do nothing`),
  );
  await tx.execute(sql`
    update customer_import_rows r set customer_id = c.id
    from customers c
    where r.id = ${ids} and r.customer_id is null and r.outcome is null
      and c.user_id = ${ownerId} and lower(c.email) = lower(r.email)`);

  const outcomes = rowsOf(
    await tx.execute(sql`
      with new_cards as (
        insert into cards (user_id, business_id, customer_id, reward_id, serial, stamps, lifetime_stamps,
          consent_email_at, consent_email_source, consent_sms_at, consent_sms_source, created_at, last_visit_at)
        select ${ownerId}, ${businessId}, customer_id, ${target.rewardId}, serial, balance, balance,
          case when consent_email then now() end, case when consent_email then 'import' end,
          case when consent_sms then now() end, case when consent_sms then 'import' end,
          coalesce(joined_at, now()), coalesce(joined_at, now())
        from customer_import_rows
        where id = ${ids} and outcome is null and customer_id is not null
        order by id
        on conflict (customer_id, business_id) do nothing
        returning id, customer_id, stamps, created_at
      ), history as (
        insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit, actor, actor_user_id, created_at)
        select ${ownerId}, ${businessId}, id, 'import', stamps, stamps, ${target.unit}, 'owner', ${ownerId}, created_at
        from new_cards
      )
      update customer_import_rows r
      set outcome = case when n.id is null then 'existing' else 'added' end,
          invite = case when n.id is null then null
                        when r.consent_email then 'email'
                        when r.consent_sms and r.phone_e164 is not null then 'sms' end
      from customer_import_rows s left join new_cards n on n.customer_id = s.customer_id
      where r.id = s.id and s.id = ${ids} and s.outcome is null
      returning r.outcome`),
  );
  const cards = outcomes.filter((row) => row.outcome === "added").length;
  const lastId = Math.max(...matched.map((row) => Number(row.id)));
  return { rows: matched.length, customers, cards, existing: outcomes.length - cards, conflicts, lastId };
}
