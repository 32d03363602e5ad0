import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { COUNTER_DEVICE_HEADER, DEVICE_TOKEN_PATTERN } from "../../../../../contract/counter-devices";
import type { Db } from "../../../db/client";
import { apiTokens, counterDevices, qrCodes, users } from "../../../db/schema";
import { actingOwnerId, type AuthUser } from "../../../http/auth";
import { notFound, unauthenticated } from "../../../http/errors";
import { sha256 } from "../../../crypto";

/**
 * Who opened a counter screen: a session (an API token of the owner or one of their staff) or a
 * tablet's device link. `holder` counts its open streams; `users` are those whose closed doors
 * (counter-feed's notices) make the screen check again.
 */
export type CounterGrant = { qrId: number; holder: string; users: number[] } & (
  { kind: "session"; tokenId: number } | { kind: "device"; deviceId: number }
);

/** A device link that opens its screen: claimed, not revoked, and its owner's account not deleted. */
const liveDevice = and(
  isNotNull(counterDevices.claimedAt),
  isNull(counterDevices.revokedAt),
  sql`exists (select 1 from ${users} where ${users.id} = ${counterDevices.userId} and ${users.deletedAt} is null)`,
);

/**
 * The QR code a counter screen may show: one of the signed-in user's owner (owner or staff), or
 * the one QR code a tablet's device link is for (not revoked, its owner not deleted). Another
 * owner's code is a 404.
 */
export async function counterScreenAccess(db: Db, user: AuthUser | null, request: FastifyRequest, qrId: number) {
  if (user) {
    const ownerId = actingOwnerId(user);
    const [qr] = await db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, ownerId)))
      .limit(1);
    if (!qr) throw notFound("qr.notFound");
    const grant: CounterGrant = {
      kind: "session",
      tokenId: user.tokenId,
      qrId,
      holder: `session:${user.tokenId}`,
      users: [...new Set([user.id, ownerId])],
    };
    return { qr, grant };
  }
  const token = request.headers[COUNTER_DEVICE_HEADER];
  if (typeof token !== "string" || !DEVICE_TOKEN_PATTERN.test(token)) throw unauthenticated();
  const [device] = await db
    .update(counterDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(counterDevices.tokenHash, sha256(token)), liveDevice))
    .returning({ id: counterDevices.id, qrCodeId: counterDevices.qrCodeId, userId: counterDevices.userId });
  // A revoked or unknown device is signed out; a device of another screen sees nothing here.
  if (!device) throw unauthenticated();
  if (device.qrCodeId !== qrId) throw notFound("qr.notFound");
  const [qr] = await db.select().from(qrCodes).where(eq(qrCodes.id, qrId)).limit(1);
  if (!qr) throw notFound("qr.notFound");
  const grant: CounterGrant = {
    kind: "device",
    deviceId: device.id,
    qrId,
    holder: `device:${device.id}`,
    users: [device.userId],
  };
  return { qr, grant };
}

export async function counterScreenQr(...args: Parameters<typeof counterScreenAccess>) {
  return (await counterScreenAccess(...args)).qr;
}

/**
 * Whether an open screen may stay open: the same rules as opening it, for the token or device
 * link that opened it (a session's token is live, its user and the QR code's owner too).
 */
export async function grantHolds(db: Db, grant: CounterGrant): Promise<boolean> {
  if (grant.kind === "device") {
    const [row] = await db
      .select({ id: counterDevices.id })
      .from(counterDevices)
      .where(and(eq(counterDevices.id, grant.deviceId), eq(counterDevices.qrCodeId, grant.qrId), liveDevice))
      .limit(1);
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), isNull(users.deletedAt)))
    .innerJoin(
      qrCodes,
      and(
        eq(qrCodes.id, grant.qrId),
        sql`${qrCodes.userId} = case when ${users.role} = 'staff' then ${users.ownerId} else ${users.id} end`,
      ),
    )
    .where(and(eq(apiTokens.id, grant.tokenId), isNull(apiTokens.revokedAt)))
    .limit(1);
  return Boolean(row);
}
