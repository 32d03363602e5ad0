import { and, asc, eq } from "drizzle-orm";
import { calls } from "../../../../contract/calls";
import type { AppleUpdatedSerials } from "../../../../contract/apple-wallet";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { applePassRegistrations, applePassTokens, cards } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { Context } from "../../http/route";
import { randomToken, sha256 } from "../../crypto";
import type { Limit, RateLimiter } from "../../services/rate-limit";
import type { AppleWalletConfig } from "../../settings/apple-wallet";
import { holderCard } from "../loyalty/cards/holder-card";
import type { Apns } from "./apns";
import type { PassImageCache } from "./images";
import { buildPass, passData } from "./pass";
import { authorisedCard, badPassToken, changedSince, changeTag, notModifiedSince } from "./web-service";

export const NOT_CONFIGURED = "wallet.appleNotConfigured";

/** What the Apple Wallet calls use that the composition root (app.ts) creates. */
export type AppleWalletDeps = {
  db: Db;
  limiter: RateLimiter;
  images: PassImageCache;
  config: Pick<Config, "appleWallet" | "publicAppUrl">;
};

/** What the pass updates (updates.ts) use: the database and, Apple Wallet being configured, APNs. */
export type ApplePassUpdateDeps = Pick<AppleWalletDeps, "db"> & { apns: Apns };

const limits = {
  /** Each download mints a pass token (a row): a device has no reason to fetch many. */
  downloadsPerIp: { max: 30, windowSeconds: 15 * 60 },
  logsPerIp: { max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Apple Wallet's settings; without them every call answers 404. */
export function appleConfigured({ config }: Pick<AppleWalletDeps, "config">): AppleWalletConfig {
  if (!config.appleWallet) throw notFound(NOT_CONFIGURED);
  return config.appleWallet;
}

/** The pass a phone's call names: its pass type and serial, in the path. */
type PassRef = { pass_type_id: string; serial_number: string };

/** The card a phone's `Authorization: ApplePass <token>` opens, or 401 (Apple's protocol). */
async function passHolder(deps: Pick<AppleWalletDeps, "db" | "config">, pass: PassRef, header: string | undefined) {
  const auth = await authorisedCard(deps.db, appleConfigured(deps), pass.pass_type_id, pass.serial_number, header);
  if (!auth) throw badPassToken();
  return auth;
}

/** The card on this device as a signed pass, with a new pass token of its own. */
export async function downloadPass(
  deps: AppleWalletDeps,
  query: Context<typeof calls.appleWalletPass>["query"],
  asker: { ip: string; secrets: string[] },
) {
  const { db } = deps;
  const config = appleConfigured(deps);
  await deps.limiter.hit(`apple-pass:ip:${asker.ip}`, limits.downloadsPerIp);
  const { card } = await holderCard(db, asker.secrets, query);
  if (!card) throw notFound("wallet.noCardOnDevice");
  const data = await passData(db, card.id);
  if (!data) throw notFound("wallet.noCardOnDevice");
  const token = randomToken();
  const body = await buildPass(config, deps.config.publicAppUrl, data, token, deps.images, db);
  await db.insert(applePassTokens).values({ cardId: card.id, tokenHash: sha256(token) });
  return { body, serial: card.serial, updatedAt: data.card.updatedAt };
}

const registration = (deviceId: string, cardId: number) =>
  and(eq(applePassRegistrations.deviceLibraryId, deviceId), eq(applePassRegistrations.cardId, cardId));

/** A phone asks for the pass's updates; answers whether it was new (else its push token is refreshed). */
export async function registerDevice(
  deps: Pick<AppleWalletDeps, "db" | "config">,
  params: Context<typeof calls.appleRegisterDevice>["params"],
  pushToken: string,
  header: string | undefined,
) {
  const { db } = deps;
  const auth = await passHolder(deps, params, header);
  const [created] = await db
    .insert(applePassRegistrations)
    .values({ deviceLibraryId: params.device_id, pushToken, cardId: auth.card.id })
    .onConflictDoNothing()
    .returning({ id: applePassRegistrations.id });
  if (created) return true;
  // Already registered: the phone may have a new push token since.
  await db.update(applePassRegistrations).set({ pushToken }).where(registration(params.device_id, auth.card.id));
  return false;
}

export async function unregisterDevice(
  deps: Pick<AppleWalletDeps, "db" | "config">,
  params: Context<typeof calls.appleUnregisterDevice>["params"],
  header: string | undefined,
) {
  const auth = await passHolder(deps, params, header);
  await deps.db.delete(applePassRegistrations).where(registration(params.device_id, auth.card.id));
}

/**
 * The serials this device registered for that changed since its tag, oldest change first, or null
 * when none did. No token here (Apple sends none); it reveals only serials this device registered for.
 */
export async function updatedPasses(
  deps: Pick<AppleWalletDeps, "db" | "config">,
  params: Context<typeof calls.appleUpdatedPasses>["params"],
  since: string | undefined,
): Promise<AppleUpdatedSerials | null> {
  const config = appleConfigured(deps);
  if (params.pass_type_id !== config.passTypeId) throw notFound();
  const rows = await deps.db
    .select({ serial: cards.serial, tag: changeTag })
    .from(applePassRegistrations)
    .innerJoin(cards, eq(cards.id, applePassRegistrations.cardId))
    .where(and(eq(applePassRegistrations.deviceLibraryId, params.device_id), changedSince(since)))
    // Oldest changes first, at most the call's max: the device asks again from the last tag.
    .orderBy(asc(cards.updatedAt))
    .limit(calls.appleUpdatedPasses.list.max);
  if (rows.length === 0) return null;
  const lastUpdated = rows.map((r) => r.tag).reduce((a, b) => (BigInt(b) > BigInt(a) ? b : a));
  return { serialNumbers: rows.map((r) => r.serial), lastUpdated };
}

/**
 * The pass as it is now, for a phone holding it: `body` null when the phone's copy is current
 * (If-Modified-Since). The same token again: a pass's authenticationToken can never change.
 */
export async function latestPass(
  deps: AppleWalletDeps,
  params: Context<typeof calls.appleLatestPass>["params"],
  header: string | undefined,
  ifModifiedSince: string | undefined,
) {
  const auth = await passHolder(deps, params, header);
  const { updatedAt } = auth.card;
  if (notModifiedSince(updatedAt, ifModifiedSince)) return { body: null, updatedAt };
  const data = await passData(deps.db, auth.card.id);
  if (!data) throw badPassToken();
  const body = await buildPass(appleConfigured(deps), deps.config.publicAppUrl, data, auth.token, deps.images, deps.db);
  return { body, updatedAt };
}

/** A device's log lines (Apple's protocol), within the log limit. */
export async function checkLogAllowed(deps: Pick<AppleWalletDeps, "limiter" | "config">, ip: string) {
  appleConfigured(deps);
  await deps.limiter.hit(`apple-log:ip:${ip}`, limits.logsPerIp);
}
