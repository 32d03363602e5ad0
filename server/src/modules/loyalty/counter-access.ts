import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { COUNTER_DEVICE_HEADER, DEVICE_TOKEN_PATTERN } from "../../../../lib/contract/counter-devices";
import { counterDevices, qrCodes } from "../../db/schema";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { notFound, unauthenticated } from "../../http/errors";
import { sha256 } from "../../services/crypto";

/**
 * The QR code a counter screen may show: one of the signed-in user's owner (owner or staff), or
 * the one QR code a tablet's device link is for (not revoked). Another owner's code is a 404.
 */
export async function counterScreenQr(
  app: FastifyInstance,
  user: AuthUser | null,
  request: FastifyRequest,
  qrId: number,
) {
  if (user) {
    const [qr] = await app.db
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, actingOwnerId(user))))
      .limit(1);
    if (!qr) throw notFound("QR code not found.");
    return qr;
  }
  const token = request.headers[COUNTER_DEVICE_HEADER];
  if (typeof token !== "string" || !DEVICE_TOKEN_PATTERN.test(token)) throw unauthenticated();
  const [device] = await app.db
    .update(counterDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(counterDevices.tokenHash, sha256(token)),
        isNotNull(counterDevices.claimedAt),
        isNull(counterDevices.revokedAt),
      ),
    )
    .returning({ qrCodeId: counterDevices.qrCodeId });
  // A revoked or unknown device is signed out; a device of another screen sees nothing here.
  if (!device) throw unauthenticated();
  if (device.qrCodeId !== qrId) throw notFound("QR code not found.");
  const [qr] = await app.db.select().from(qrCodes).where(eq(qrCodes.id, qrId)).limit(1);
  if (!qr) throw notFound("QR code not found.");
  return qr;
}
