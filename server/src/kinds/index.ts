import { sql, type SQL } from "drizzle-orm";
import { cashback } from "./cashback";
import { KIND_NAMES, kindLiteral, type KindName } from "../../../contract/kinds";
import { multipass } from "./multipass";
import { points } from "./points";
import type { ServerKind } from "./types";
import { stamps } from "./stamps";

/**
 * The server's side of the programme kinds: the engine and every module ask `serverKind(kind)`
 * how a kind earns, spends, reads in SQL and fills a pass, instead of branching on its name.
 */
const registry: Record<KindName, ServerKind> = { stamps, points, cashback, multipass };

export const serverKind = (kind: KindName): ServerKind => registry[kind];

export { kindLiteral };

/** The kinds that answer `test`, as an SQL list for `in`: ('stamps', 'points'); ('') when none does. */
export function kindsSql(test: (kind: ServerKind) => boolean): SQL {
  const names = KIND_NAMES.filter((name) => test(registry[name]));
  return sql.raw(`(${names.length > 0 ? names.map(kindLiteral).join(", ") : "''"})`);
}

/** `case <kind> when 'stamps' then … end` over every kind; a kind's `null` answer leaves it out. */
export function caseOfKind(kind: SQL, answer: (k: ServerKind) => SQL | null, otherwise?: SQL): SQL {
  const whens = KIND_NAMES.flatMap((name) => {
    const then = answer(registry[name]);
    return then ? [sql`when ${sql.raw(kindLiteral(name))} then ${then}`] : [];
  });
  return sql`case ${kind} ${sql.join(whens, sql` `)}${otherwise ? sql` else ${otherwise}` : sql``} end`;
}

/** The same over SQL text (the scan export builds its query as text). */
export const caseOfKindText = (kind: string, answer: (k: ServerKind) => string) =>
  `case ${kind} ${KIND_NAMES.map((name) => `when ${kindLiteral(name)} then ${answer(registry[name])}`).join(" ")} end`;

export type * from "./types";
