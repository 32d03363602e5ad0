import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import type { CounterDevice, CounterDeviceLink } from "../../../../../contract/counter-devices";
import { counterDevices, qrCodes } from "../../../db/schema";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import { route } from "../../../http/route";
import { notifyDoorClosed } from "../../../services/counter-feed";
import { sha256 } from "../../../crypto";
import { sentence } from "../../../i18n/sentence";

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

/** Device links: the owner names, lists and revokes them on the QR code's page; a tablet claims one. */
export function counterDeviceRoutes(app: FastifyInstance) {
  const origin = app.config.publicAppUrl.replace(/\/$/, "");

  async function ownQr(ownerId: number, qrId: number) {
    const [qr] = await app.db
      .select({ id: qrCodes.id })
      .from(qrCodes)
      .where(and(eq(qrCodes.id, qrId), eq(qrCodes.userId, ownerId)))
      .limit(1);
    if (!qr) throw notFound("qr.notFound");
  }

  route(app, calls.counterDeviceAdd, async ({ user, body }) => {
    await ownQr(user.id, body.qr_id);
    const token = randomBytes(32).toString("base64url");
    const [row] = await app.db
      .insert(counterDevices)
      .values({ userId: user.id, qrCodeId: body.qr_id, name: body.name, tokenHash: sha256(token) })
      .returning();
    const data: CounterDeviceLink = { device: toDevice(row!), link: `${origin}/counter/${body.qr_id}?device=${token}` };
    return { statusCode: 201, message: "devices.created", data };
  });

  route(app, calls.counterDeviceList, async ({ user, query }) => {
    await ownQr(user.id, query.qr_id);
    const where = and(eq(counterDevices.qrCodeId, query.qr_id), eq(counterDevices.userId, user.id));
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(counterDevices).where(where))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select()
            .from(counterDevices)
            .where(where)
            .orderBy(desc(counterDevices.id))
            .limit(limit)
            .offset(offset)
        ).map(toDevice),
    );
    return { message: "devices.list", data };
  });

  route(app, calls.counterDeviceRevoke, async ({ user, body }) => {
    const [row] = await app.db
      .update(counterDevices)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(counterDevices.id, body.id), eq(counterDevices.userId, user.id), isNull(counterDevices.revokedAt)))
      .returning();
    if (!row) throw notFound("devices.notFound");
    // Its open screens end, on every API instance.
    await notifyDoorClosed(app.db, [user.id]);
    return { message: sentence("devices.signedOut", { name: row.name }), data: toDevice(row) };
  });

  /** Once: a link opened a second time (copied, forwarded) is refused. */
  route(app, calls.counterDeviceClaim, async ({ body }) => {
    const [row] = await app.db
      .update(counterDevices)
      .set({ claimedAt: sql`now()`, lastSeenAt: sql`now()` })
      .where(
        and(
          eq(counterDevices.tokenHash, sha256(body.token)),
          isNull(counterDevices.claimedAt),
          isNull(counterDevices.revokedAt),
        ),
      )
      .returning();
    if (!row) throw invalid("token", LINK_USED);
    // The BFF moves `device_token` into the tablet's httpOnly cookie and strips it from the answer.
    return {
      message: "devices.linked",
      data: { qr_id: row.qrCodeId, name: row.name, device_token: body.token },
    };
  });
}
