import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { qrCodes } from "../../db/schema";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { notFound, unauthenticated } from "../../http/errors";

/**
 * The QR code a counter screen may show: one of the signed-in user's owner (owner or staff).
 * Another owner's code is a 404, as everywhere.
 */
export async function counterScreenQr(
  app: FastifyInstance,
  user: AuthUser | null,
  request: FastifyRequest,
  qrId: number,
) {
  void request;
  if (!user) throw unauthenticated();
  const [qr] = await app.db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, actingOwnerId(user))))
    .limit(1);
  if (!qr) throw notFound("QR code not found.");
  return qr;
}
