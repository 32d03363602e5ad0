import "server-only";
import { sealData, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { MAX_CARDS_PER_DEVICE } from "../../contract/wallet";
import { webEnv } from "./env";
import { sessionSecret } from "./session-secret";

/**
 * The customer's cards on this device: their secrets, sealed in an httpOnly cookie of their own.
 * Apart from the sign-in session on purpose: a card outlives logins and logouts, and lives as long
 * as browsers keep a cookie (400 days; each new card renews it).
 */
const TTL_SECONDS = 400 * 24 * 60 * 60;
export const cardCookieName = (secure: boolean) => (secure ? "__Host-loyalty_cards" : "loyalty_cards");

const password = () => {
  const env = webEnv();
  return sessionSecret(env.SESSION_SECRET, env.DATA_DIR);
};

/**
 * The secrets this device holds (none when the cookie is missing or does not open). A route handler
 * passes its request's cookies (NextRequest.cookies): Next.js's cookie store costs more to open.
 */
export async function readCardSecrets(requestCookies?: {
  get(name: string): { value: string } | undefined;
}): Promise<string[]> {
  const store = requestCookies ?? (await cookies());
  const value = store.get(cardCookieName(true))?.value ?? store.get(cardCookieName(false))?.value;
  if (!value) return [];
  try {
    const data = await unsealData<{ secrets?: unknown }>(value, { password: password(), ttl: TTL_SECONDS });
    return Array.isArray(data.secrets) ? data.secrets.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** Adds a card's secret (newest first; beyond the cap the oldest card is forgotten on this device). */
export async function holdCardSecret(secret: string, secure: boolean) {
  const secrets = [secret, ...(await readCardSecrets()).filter((s) => s !== secret)].slice(0, MAX_CARDS_PER_DEVICE);
  const sealed = await sealData({ secrets }, { password: password(), ttl: TTL_SECONDS });
  (await cookies()).set(cardCookieName(secure), sealed, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: TTL_SECONDS,
  });
}
