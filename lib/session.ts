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
};

export const SESSION_COOKIE = "loyalty_session";

export function sessionOptions(secure: boolean): SessionOptions {
  const env = webEnv();
  return {
    cookieName: SESSION_COOKIE,
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

/** The session of the current request (route handlers and server components). */
export async function getSession(secure = false) {
  return getIronSession<SessionData>(await cookies(), sessionOptions(secure));
}

/** Reads a sealed session cookie value without a cookie store (proxy.ts). */
export async function readSessionCookie(value: string | undefined): Promise<SessionData> {
  if (!value) return {};
  try {
    const { password, ttl } = sessionOptions(false);
    return await unsealData<SessionData>(value, { password, ttl });
  } catch {
    return {};
  }
}
