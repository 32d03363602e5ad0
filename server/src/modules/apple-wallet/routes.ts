import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { PKPASS_TYPE, type AppleUpdatedSerials } from "../../../../contract/apple-wallet";
import { applePassRegistrations, applePassTokens, cards } from "../../db/schema";
import { notFound } from "../../http/errors";
import { route, type Result } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { randomToken, sha256 } from "../../crypto";
import { secretsOf } from "../loyalty/cards/cards";
import { holderCard } from "../loyalty/cards/holder-card";
import type { AppleWalletConfig } from "../../settings/apple-wallet";
import type { PassImageCache } from "./images";
import { buildPass, passData } from "./pass";
import { authorisedCard, badPassToken, changedSince, changeTag, lastModified, notModifiedSince } from "./web-service";
import { verbatim } from "../../i18n/sentence";

export const NOT_CONFIGURED = "wallet.appleNotConfigured";

const limits = {
  /** Each download mints a pass token (a row): a device has no reason to fetch many. */
  downloadsPerIp: { max: 30, windowSeconds: 15 * 60 },
  logsPerIp: { max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

const pkpass = (body: Buffer, updatedAt: Date, extra: Record<string, string> = {}): Result<never> => ({
  message: verbatim(""),
  file: {
    body,
    contentType: PKPASS_TYPE,
    // Without Last-Modified, Wallet silently stops fetching updates.
    headers: { "last-modified": lastModified(updatedAt).toUTCString(), "cache-control": "no-store", ...extra },
  },
});

const json = (value: unknown, statusCode = 200): Result<never> => ({
  message: verbatim(""),
  statusCode,
  file: { body: Buffer.from(JSON.stringify(value)), contentType: "application/json", headers: {} },
});

const empty = (statusCode: number, headers: Record<string, string> = {}): Result<never> => ({
  message: verbatim(""),
  statusCode,
  file: { body: Buffer.alloc(0), contentType: "text/plain", headers },
});

/**
 * Apple Wallet: the card as a signed pass, Apple's pass web service under
 * `/api/apple-wallet/v1/...`. Without configuration every call answers 404. The APNs pushes to
 * the registered phones when a card changes are registered by app.ts (registerApplePassUpdates).
 */
/** What the Apple Wallet routes use that the composition root (app.ts) creates. */
export type AppleWalletDeps = { images: PassImageCache };

export function appleWalletRoutes(app: FastifyInstance, { images }: AppleWalletDeps) {
  const configured = (): AppleWalletConfig => {
    if (!app.config.appleWallet) throw notFound(NOT_CONFIGURED);
    return app.config.appleWallet;
  };

  /** The card a phone's `Authorization: ApplePass <token>` opens, or 401 (Apple's protocol). */
  const passHolder = async (pass: { pass_type_id: string; serial_number: string }, header: string | undefined) => {
    const auth = await authorisedCard(app.db, configured(), pass.pass_type_id, pass.serial_number, header);
    if (!auth) throw badPassToken();
    return auth;
  };
  const registration = (deviceId: string, cardId: number) =>
    and(eq(applePassRegistrations.deviceLibraryId, deviceId), eq(applePassRegistrations.cardId, cardId));

  route(app, calls.appleWalletPass, async ({ query, request }) => {
    const config = configured();
    await app.limiter.hit(`apple-pass:ip:${request.ip}`, limits.downloadsPerIp);
    const { card } = await holderCard(app.db, secretsOf(request.headers), query);
    if (!card) throw notFound("wallet.noCardOnDevice");
    const data = await passData(app.db, card.id);
    if (!data) throw notFound("wallet.noCardOnDevice");
    const token = randomToken();
    const body = await buildPass(config, app.config.publicAppUrl, data, token, images, app.db);
    await app.db.insert(applePassTokens).values({ cardId: card.id, tokenHash: sha256(token) });
    return pkpass(body, data.card.updatedAt, {
      "content-disposition": `attachment; filename="${card.serial}.pkpass"`,
    });
  });

  route(app, calls.appleRegisterDevice, async ({ params, body, request }) => {
    const auth = await passHolder(params, request.headers.authorization);
    const [created] = await app.db
      .insert(applePassRegistrations)
      .values({ deviceLibraryId: params.device_id, pushToken: body.pushToken, cardId: auth.card.id })
      .onConflictDoNothing()
      .returning({ id: applePassRegistrations.id });
    if (created) return { statusCode: 201, message: verbatim("Registered.") };
    // Already registered: the phone may have a new push token since.
    await app.db
      .update(applePassRegistrations)
      .set({ pushToken: body.pushToken })
      .where(registration(params.device_id, auth.card.id));
    return { message: verbatim("Already registered.") };
  });

  route(app, calls.appleUnregisterDevice, async ({ params, request }) => {
    const auth = await passHolder(params, request.headers.authorization);
    await app.db.delete(applePassRegistrations).where(registration(params.device_id, auth.card.id));
    return { message: verbatim("Unregistered.") };
  });

  /** No token here (Apple sends none); it reveals only serials this device registered for. */
  route(app, calls.appleUpdatedPasses, async ({ params, query }) => {
    const config = configured();
    if (params.pass_type_id !== config.passTypeId) throw notFound();
    const rows = await app.db
      .select({ serial: cards.serial, tag: changeTag })
      .from(applePassRegistrations)
      .innerJoin(cards, eq(cards.id, applePassRegistrations.cardId))
      .where(and(eq(applePassRegistrations.deviceLibraryId, params.device_id), changedSince(query.passesUpdatedSince)))
      // Oldest changes first, at most the call's max: the device asks again from the last tag.
      .orderBy(asc(cards.updatedAt))
      .limit(calls.appleUpdatedPasses.list.max);
    if (rows.length === 0) return empty(204);
    const lastUpdated = rows.map((r) => r.tag).reduce((a, b) => (BigInt(b) > BigInt(a) ? b : a));
    const answer: AppleUpdatedSerials = { serialNumbers: rows.map((r) => r.serial), lastUpdated };
    return json(answer);
  });

  route(app, calls.appleLatestPass, async ({ params, request }) => {
    const auth = await passHolder(params, request.headers.authorization);
    const { updatedAt } = auth.card;
    if (notModifiedSince(updatedAt, request.headers["if-modified-since"])) {
      return empty(304, { "last-modified": lastModified(updatedAt).toUTCString() });
    }
    const data = await passData(app.db, auth.card.id);
    if (!data) throw badPassToken();
    // The same token again: a pass's authenticationToken can never change.
    const body = await buildPass(configured(), app.config.publicAppUrl, data, auth.token, images, app.db);
    return pkpass(body, updatedAt);
  });

  route(app, calls.appleLog, async ({ body, request }) => {
    configured();
    await app.limiter.hit(`apple-log:ip:${request.ip}`, limits.logsPerIp);
    for (const line of body.logs) request.log.warn({ appleWallet: line }, "apple wallet device log");
    return { message: verbatim("Logged.") };
  });
}
