import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { CounterDevice, CounterDeviceLink } from "../../../../../contract/counter-devices";
import type { Db } from "../../../db/client";
import { counterDevices, qrCodes } from "../../../db/schema";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import type { Body, Query } from "../shared/deps";
import { notifyDoorClosed } from "../../../services/counter-feed";
import { sha256 } from "../../../crypto";

const LINK_USED = "devices.linkUsed";

const toDevice = (row: typeof counterDevices.$inferSelect): CounterDevice => ({
  id: row.id,
  qr_id: row.qrCodeId,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  claimed_at: row.claimedAt?.toISOString() ?? null,
  last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

async function ownQr(db: Db, ownerId: number, qrId: number) {
  const [qr] = await db
    .select({ id: qrCodes.id })
    .from(qrCodes)
    .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, ownerId)))
    .limit(1);
  if (!qr) throw notFound("qr.notFound");
}

/** A named device link for one of the owner's QR codes: `origin` is the web app's. */
export async function addCounterDevice(
  db: Db,
  ownerId: number,
  body: Body<"counterDeviceAdd">,
  origin: string,
): Promise<CounterDeviceLink> {
  await ownQr(db, ownerId, body.qr_id);
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(counterDevices)
    .values({ userId: ownerId, qrCodeId: body.qr_id, name: body.name, tokenHash: sha256(token) })
    .returning();
  return { device: toDevice(row!), link: `${origin.replace(/\/$/, "")}/counter/${body.qr_id}?device=${token}` };
}

export async function counterDevicePage(db: Db, ownerId: number, query: Query<"counterDeviceList">) {
  await ownQr(db, ownerId, query.qr_id);
  const where = and(eq(counterDevices.qrCodeId, query.qr_id), eq(counterDevices.userId, ownerId));
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(counterDevices).where(where))[0]!.n,
    async (limit, offset) =>
      (
        await db.select().from(counterDevices).where(where).orderBy(desc(counterDevices.id)).limit(limit).offset(offset)
      ).map(toDevice),
  );
}

/** A device link signed out: its open screens end, on every API instance. */
export async function revokeCounterDevice(db: Db, ownerId: number, id: number): Promise<CounterDevice> {
  const [row] = await db
    .update(counterDevices)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(counterDevices.id, id), eq(counterDevices.userId, ownerId), isNull(counterDevices.revokedAt)))
    .returning();
  if (!row) throw notFound("devices.notFound");
  await notifyDoorClosed(db, [ownerId]);
  return toDevice(row);
}

/** Once: a link opened a second time (copied, forwarded) is refused. */
export async function claimCounterDevice(db: Db, token: string) {
  const [row] = await db
    .update(counterDevices)
    .set({ claimedAt: sql`now()`, lastSeenAt: sql`now()` })
    .where(
      and(
        eq(counterDevices.tokenHash, sha256(token)),
        isNull(counterDevices.claimedAt),
        isNull(counterDevices.revokedAt),
      ),
    )
    .returning();
  if (!row) throw invalid("token", LINK_USED);
  return { qr_id: row.qrCodeId, name: row.name, device_token: token };
}
