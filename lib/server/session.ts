import "server-only";
import { sealData, unsealData, type SessionOptions } from "iron-session";
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

/**
 * Opened seals, by their sealed text, until the seal's own expiry. A seal always opens to the same
 * data, so this only saves the work: opening one costs 0.3–0.6 ms of CPU (PBKDF2, HMAC and AES
 * through WebCrypto), which every BFF call would otherwise pay. Only seals that opened are kept.
 */
const opened = new Map<string, { data: SessionData; expires: number }>();
const OPENED_MAX = 2000;

/** The seal's expiry (ms), the sixth `*`-separated field of iron's format, or null without one. */
function sealExpiry(sealed: string): number | null {
  const expiration = sealed.split("*")[5];
  return expiration && /^\d+$/.test(expiration) ? Number(expiration) : null;
}

/** Opens a sealed session: its data, `{}` for a seal iron refuses quietly (expired, bad MAC), or a throw. */
async function open(sealed: string): Promise<SessionData> {
  const hit = opened.get(sealed);
  if (hit && hit.expires > Date.now()) return { ...hit.data };
  if (hit) opened.delete(sealed);
  const { password, ttl } = sessionOptions(false);
  const data = await unsealData<SessionData>(sealed, { password, ttl });
  const expires = sealExpiry(sealed);
  if (expires !== null && Object.keys(data).length > 0) {
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(sealed, { data: { ...data }, expires });
  }
  return data;
}

export type Session = SessionData & {
  /** Seals the session into its cookie (the next answer sets it). */
  save(): Promise<void>;
  /** Empties the session and deletes its cookie. */
  destroy(): Promise<void>;
};

/** Where a route handler's request cookies can be read without Next.js's cookie store (NextRequest.cookies). */
type CookieReader = { get(name: string): { value: string } | undefined };

/**
 * The session of the current request (route handlers). A cookie that does not open (tampered, or
 * sealed with another secret) is no session: it is treated as empty and cleared, never an error
 * that would keep the user from signing in again. With `requestCookies` the cookie is read from the
 * request itself, and Next.js's cookie store (`cookies()`, about 0.1 ms of CPU a call) is opened
 * only when the session is written: most BFF calls only read it.
 */
export async function getSession(secure = false, requestCookies?: CookieReader): Promise<Session> {
  const options = sessionOptions(secure);
  const sealed = (requestCookies ?? (await cookies())).get(options.cookieName)?.value;
  let data: SessionData = {};
  if (sealed) {
    try {
      data = await open(sealed);
    } catch {
      try {
        (await cookies()).delete(options.cookieName);
      } catch {
        // Server components cannot write cookies; the next route handler or page request clears it.
      }
    }
  }
  const session = data as Session;
  const plain = (): SessionData => ({ ...session });
  Object.defineProperties(session, {
    save: {
      value: async () => {
        const seal = await sealData(plain(), { password: options.password, ttl: options.ttl });
        // Browsers drop the cookie a minute before the seal expires (iron's allowed clock skew).
        (await cookies()).set(options.cookieName, seal, { ...options.cookieOptions, maxAge: options.ttl! - 60 });
      },
    },
    destroy: {
      value: async () => {
        for (const key of Object.keys(session)) delete session[key as keyof SessionData];
        (await cookies()).set(options.cookieName, "", { ...options.cookieOptions, maxAge: 0 });
      },
    },
  });
  return session;
}

/**
 * Reads a sealed session cookie value without a cookie store (proxy.ts): the session, or `null`
 * when there is a cookie that does not open.
 */
export async function readSessionCookie(value: string | undefined): Promise<SessionData | null> {
  if (!value) return {};
  try {
    return await open(value);
  } catch {
    return null;
  }
}

/**
 * The request's session as a server component reads it (without writing a cookie back): the
 * cookie under either name (https or http), opened; `null` when it does not open.
 */
export async function readRequestSession(): Promise<SessionData | null> {
  const store = await cookies();
  const cookie = store.get(sessionCookieName(true)) ?? store.get(sessionCookieName(false));
  return readSessionCookie(cookie?.value);
}
