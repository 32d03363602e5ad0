import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope, NewApiKey } from "../../../../contract/api-keys";
import type { Db } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { addWithinLimit } from "../../http/owner-limit";
import { sentence } from "../../i18n/sentence";
import { randomToken, sha256 } from "../../crypto";

/** Characters of the key kept visible after the `lc_live_`/`lc_test_` mark. */
const VISIBLE = 4;

/** The most keys an owner holds at once (revoked ones do not count). */
export const MAX_LIVE_KEYS = 20;

type Row = typeof apiKeys.$inferSelect;
type Conn = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const view = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/**
 * A new key: `lc_test_…` while payments run in the sandbox (keys of a test installation are told
 * apart at a glance, as Stripe's are), else `lc_live_…`. Only its sha256 and prefix are stored.
 * 422 when the owner holds MAX_LIVE_KEYS live keys already.
 */
export async function addApiKey(
  db: Db,
  ownerId: number,
  input: { name: string; scopes: ApiKeyScope[]; test: boolean },
): Promise<NewApiKey> {
  const key = `lc_${input.test ? "test" : "live"}_${randomToken()}`;
  const prefix = key.slice(0, "lc_live_".length + VISIBLE);
  const limit = {
    ownerId,
    resource: "api-keys" as const,
    max: MAX_LIVE_KEYS,
    count: (tx: Conn) => liveKeyCount(tx, ownerId),
    refuse: () => invalid("name", sentence("apiKeys.tooMany", { max: MAX_LIVE_KEYS })),
  };
  const row = await addWithinLimit(db, limit, async (tx) => {
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId: ownerId, name: input.name, prefix, keyHash: sha256(key), scopes: input.scopes })
      .returning();
    return inserted!;
  });
  return { ...view(row), key };
}

export async function liveKeyCount(db: Conn, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, ownerId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/**
 * The owner's keys: every live one (at most MAX_LIVE_KEYS, below `max`), then the revoked ones
 * (the list shows when they stopped), each newest first.
 */
export async function listApiKeys(db: Db, ownerId: number, max: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, ownerId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.id))
    .limit(max);
  return rows.map(view);
}

/** Revokes at once: the key's next request is refused (authentication reads `revoked_at`). */
export async function revokeApiKey(db: Db, ownerId: number, id: number): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, ownerId)))
    .returning();
  if (!row) throw notFound("apiKeys.notFound");
  return view(row);
}
