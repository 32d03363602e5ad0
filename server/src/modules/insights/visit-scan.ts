import { sql, type SQL } from "drizzle-orm";
import { kindsSql } from "../../kinds";

/**
 * Whether a scan (the row `scan`, an alias or the table's name) is a visit: a join or an earn,
 * and a redeem where the kind's redeem is the visit itself (a prepaid visit used, `sellsVisits`).
 * Every analytics read counts visits by this one test.
 */
export const visitScan = (scan: string): SQL =>
  sql`(${sql.raw(scan)}.kind <> 'redeem' or ${sql.raw(scan)}.reward_id in (select id from rewards where kind in ${kindsSql((kind) => kind.sellsVisits)}))`;
