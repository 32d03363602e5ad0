import "server-only";
import { getIronSession, unsealData, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { webEnv } from "./env";
import { sessionSecret } from "./session-secret";

/** What the session cookie holds. The browser cannot read it (httpOnly, sealed). */
export type SessionData = {
  token?: string;
  /** "1" when the owner's plan is active: decides /dashboard/main vs /subscription. */
  statusPayment?: "0" | "1";
  /** Issued by a verified forgot-password code; spent by reset-password. */
  resetToken?: string;
  /** Staff never pay: they always belong on the dashboard. */
  role?: "owner" | "staff";
};

/**
 * Over https the cookie carries the `__Host-` prefix: the browser then accepts it only when it is
 * Secure, has Path=/ and no Domain, so no sibling subdomain can plant or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? "__Host-loyalty_session" : "loyalty_session");

export function sessionOptions(secure: boolean): SessionOptions {
  const env = webEnv();
  return {
    cookieName: sessionCookieName(secure),
    password: sessionSecret(env.SESSION_SECRET, env.DATA_DIR),
    ttl: 60 * 60 * 24 * 14,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}

/** True when the request reached us over https (directly or through a TLS-terminating proxy). */
export function isHttps(headers: Headers, url: string): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(url).protocol.replace(":", "")) === "https";
}

type CookieStore = Awaited<ReturnType<typeof cookies>>;

/** A cookie store that has no session cookie, but still writes one when the session is saved. */
function withoutCookie(store: CookieStore, name: string): CookieStore {
  return {
    get: (wanted: string) => (wanted === name ? undefined : store.get(wanted)),
    set: store.set.bind(store),
  } as CookieStore;
}

/**
 * The session of the current request (route handlers and server components). A cookie that does
 * not open (tampered, or sealed with another secret) is no session: it is treated as empty and
 * cleared, never an error that would keep the user from signing in again.
 */
export async function getSession(secure = false) {
  const store = await cookies();
  const options = sessionOptions(secure);
  try {
    return await getIronSession<SessionData>(store, options);
  } catch {
    try {
      store.delete(options.cookieName);
    } catch {
      // Server components cannot write cookies; the next route handler or page request clears it.
    }
    return getIronSession<SessionData>(withoutCookie(store, options.cookieName), options);
  }
}

/**
 * Reads a sealed session cookie value without a cookie store (proxy.ts): the session, or `null`
 * when there is a cookie that does not open.
 */
export async function readSessionCookie(value: string | undefined): Promise<SessionData | null> {
  if (!value) return {};
  try {
    const { password, ttl } = sessionOptions(false);
    return await unsealData<SessionData>(value, { password, ttl });
  } catch {
    return null;
  }
}
