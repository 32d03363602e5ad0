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
  /**
   * The first row of the batch left for the next one (its customer was added by someone else while
   * the batch ran): the next batch starts at it. Null when every row was done.
   */
  retryFrom: number | null;
};

export type ImportTarget = {
  importId: number;
  ownerId: number;
  businessId: number;
  /** The business's programme: the new cards collect for it, their balance in its unit. */
  rewardId: number | null;
  unit: KindName;
};

/** The staged rows of one batch: those with an id after `afterId`, up to and including `throughId`. */
export type ImportRange = { afterId: number; throughId: number };

/**
 * Imports the staged rows of an import in an id range, set-based, in one statement of the caller's
 * transaction: each row's customer is the owner's by email, else by the phone's digits (a row whose
 * email and phone are two different customers' is a conflict and left alone), or a new one; then a
 * card at the business with its starting balance and its history entry (kind `import`, by the
 * owner), the consent the row gave (source `import`) and its join date as the card's creation; and
 * the row's outcome. A customer who already holds a card here keeps it unchanged: running the same
 * file again adds nothing. The range is a keyset on the rows' ids (the rows of one import are staged
 * together, so their ids are close): a batch reads only its own rows, whatever was done before it.
 */
export async function importBatch(tx: Db, target: ImportTarget, range: ImportRange): Promise<ImportBatch> {
  const { importId, ownerId, businessId } = target;
  const digits = (column: SQL) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
  const result = (await tx.execute(sql`
    with batch as materialized (
      select id, name, email, phone, phone_e164, phone_keys, birthday, balance, consent_email, consent_sms,
        joined_at, serial
      from customer_import_rows
      where import_id = ${importId} and id > ${range.afterId} and id <= ${range.throughId}
        and error is null and outcome is null
    ), by_phone as (
      -- A join, not a subquery per row: the planner may hash the owner's phones once a batch.
      select distinct on (b.id) b.id, c.id as customer_id
      from batch b cross join lateral unnest(b.phone_keys) k
      join customers c on c.user_id = ${ownerId} and ${digits(sql`c.phone`)} = k
      order by b.id, c.id
    ), matched as materialized (
      -- The email by the owner's unique lower(email) index, row by row: a hash would read every customer.
      select b.*,
        (select c.id from customers c where c.user_id = ${ownerId} and lower(c.email) = lower(b.email)) as by_email,
        p.customer_id as by_phone
      from batch b
      left join by_phone p on p.id = b.id
    ), new_customers as (
      insert into customers (user_id, name, email, phone, phone_e164, birthday, created_at)
      select ${ownerId}, name, email, phone, phone_e164, birthday::date, coalesce(joined_at, now())
      from matched where by_email is null and by_phone is null
      order by id
      on conflict do nothing
      returning id, lower(email) as email_key
    ), placed as materialized (
      -- A row without a customer here lost its email to a customer added meanwhile: the next batch takes it.
      select m.id, m.serial, m.balance, m.consent_email, m.consent_sms, m.phone_e164, m.joined_at,
        coalesce(m.by_email, m.by_phone, n.id) as customer_id,
        coalesce(m.by_email <> m.by_phone, false) as conflict
      from matched m
      left join new_customers n on m.by_email is null and m.by_phone is null and n.email_key = lower(m.email)
    ), new_cards as (
      insert into cards (user_id, business_id, customer_id, reward_id, serial, stamps, lifetime_stamps,
        consent_email_at, consent_email_source, consent_sms_at, consent_sms_source, created_at, last_visit_at)
      select ${ownerId}, ${businessId}, customer_id, ${target.rewardId}, serial, balance, balance,
        case when consent_email then now() end, case when consent_email then 'import' end,
        case when consent_sms then now() end, case when consent_sms then 'import' end,
        coalesce(joined_at, now()), coalesce(joined_at, now())
      from placed
      where customer_id is not null and not conflict
      order by id
      on conflict (customer_id, business_id) do nothing
      returning id, serial, stamps, created_at
    ), history as (
      insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit, actor, actor_user_id, created_at)
      select ${ownerId}, ${businessId}, id, 'import', stamps, stamps, ${target.unit}, 'owner', ${ownerId}, created_at
      from new_cards
    ), done as (
      update customer_import_rows r
      set customer_id = p.customer_id,
          outcome = case when p.conflict then 'conflict' when n.id is null then 'existing' else 'added' end,
          invite = case when n.id is null then null
                        when p.consent_email then 'email'
                        when p.consent_sms and p.phone_e164 is not null then 'sms' end
      from placed p left join new_cards n on n.serial = p.serial
      where r.id = p.id and p.customer_id is not null
      returning r.outcome
    )
    select count(*)::int as rows,
      count(*) filter (where outcome = 'added')::int as cards,
      count(*) filter (where outcome = 'existing')::int as existing,
      count(*) filter (where outcome = 'conflict')::int as conflicts,
      (select count(*) from new_customers)::int as customers,
      (select min(id) from placed where customer_id is null) as retry_from
    from done`)) as unknown as {
    rows: [
      {
        rows: number;
        cards: number;
        existing: number;
        conflicts: number;
        customers: number;
        retry_from: number | null;
      },
    ];
  };
  const row = result.rows[0];
  return {
    rows: Number(row.rows),
    customers: Number(row.customers),
    cards: Number(row.cards),
    existing: Number(row.existing),
    conflicts: Number(row.conflicts),
    retryFrom: row.retry_from === null ? null : Number(row.retry_from),
  };
}
