import { sql, type AnyColumn } from "drizzle-orm";
import type { ActorKind, ActorView } from "../../../../../contract/actors";

/**
 * What a list selects to show who made a scan or a history entry: the actor's kind and the names
 * it may need (the person's comes from the list's own join on users; the key's and the till's
 * platform are read here, for the few rows that have one).
 */
export const actorColumns = (row: { actor: AnyColumn; apiKeyId: AnyColumn; posConnectionId: AnyColumn }) => ({
  actorKind: sql<ActorKind>`${row.actor}`,
  actorKey: sql<string | null>`(select k.name from api_keys k where k.id = ${row.apiKeyId})`,
  actorTill: sql<string | null>`(select c.provider from pos_connections c where c.id = ${row.posConnectionId})`,
});

/** The actor as the contract answers it, from what `actorColumns` selected and the person's name. */
export function actorView(
  row: { actorKind: ActorKind; actorKey: string | null; actorTill: string | null },
  person: string | null,
): ActorView {
  const names: Record<ActorKind, string | null> = {
    staff: person,
    owner: person,
    api_key: row.actorKey,
    till: row.actorTill,
    customer: null,
    system: null,
  };
  return { kind: row.actorKind, name: names[row.actorKind] };
}
