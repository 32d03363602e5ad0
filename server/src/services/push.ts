import { createSign } from "node:crypto";
import type { FcmConfig } from "../config";

export type PushMessage = {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */ link?: string;
};

/** What a send did: tokens FCM reports as gone or malformed are to be deleted. */
export type PushResult = { sent: number; invalid: string[]; failed: number };

export type PushSender = {
  configured: boolean;
  send(tokens: string[], message: PushMessage): Promise<PushResult>;
};

type Log = { warn(obj: object, msg: string): void };

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
/** FCM answers one message per request; this many at a time keeps a broadcast quick but polite. */
const PARALLEL = 20;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * The Firebase Cloud Messaging HTTP v1 protocol, as firebase-admin speaks it: an OAuth token from
 * the service account's `token_uri` (a signed JWT-bearer grant), then one
 * `POST /v1/projects/{id}/messages:send` per device. Written against the protocol rather than
 * through firebase-admin because firebase-admin fixes the host (fcm.googleapis.com) in its code,
 * so it could not be pointed at a local stand-in; the wire format is the same.
 */
export function createFcmSender(config: FcmConfig, log: Log, fetcher: typeof fetch = fetch): PushSender {
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
    const claims = base64url(
      JSON.stringify({ iss: config.clientEmail, scope: SCOPE, aud: config.tokenUri, iat: now, exp: now + 3600 }),
    );
    const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(config.privateKey);
    const res = await fetcher(config.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: `${header}.${claims}.${base64url(signature)}`,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new Error(`FCM: the token server answered ${res.status}`);
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  /** "ok", "invalid" (the token is unregistered or not a token: delete it) or "failed" (try later). */
  async function sendOne(auth: string, token: string, message: PushMessage): Promise<"ok" | "invalid" | "failed"> {
    const res = await fetcher(`${config.endpoint}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`, {
      method: "POST",
      headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" },
      body: JSON.stringify({
        message: {
          token,
          notification: { title: message.title, body: message.body },
          // FCM refuses a link that is not https (the whole message, as INVALID_ARGUMENT).
          ...(message.link?.startsWith("https://") && { webpush: { fcm_options: { link: message.link } } }),
        },
      }),
    });
    if (res.ok) return "ok";
    const body = (await res.json().catch(() => ({}))) as {
      error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
    };
    const codes = [body.error?.status, ...(body.error?.details ?? []).map((d) => d.errorCode)];
    // firebase-admin's messaging/registration-token-not-registered, and messaging/invalid-argument
    // when it is the token that is refused (not something else in the message): only these mean
    // the token is dead. Anything else (a 401, a 404 from a wrong endpoint) must not delete tokens.
    if (codes.includes("UNREGISTERED")) return "invalid";
    if (codes.includes("INVALID_ARGUMENT") && /registration token/i.test(body.error?.message ?? "")) return "invalid";
    log.warn({ status: res.status, fcmStatus: body.error?.status }, "push message not sent");
    return "failed";
  }

  return {
    configured: true,
    async send(tokens, message) {
      const result: PushResult = { sent: 0, invalid: [], failed: 0 };
      if (tokens.length === 0) return result;
      const auth = await accessToken();
      for (let i = 0; i < tokens.length; i += PARALLEL) {
        const batch = tokens.slice(i, i + PARALLEL);
        const outcomes = await Promise.all(batch.map((token) => sendOne(auth, token, message).catch(() => "failed")));
        outcomes.forEach((outcome, j) => {
          if (outcome === "ok") result.sent++;
          else if (outcome === "invalid") result.invalid.push(batch[j]!);
          else result.failed++;
        });
      }
      return result;
    },
  };
}

/** Without Firebase configuration nothing is sent and nothing tries to reach Google. */
export const noPush: PushSender = {
  configured: false,
  send: async () => ({ sent: 0, invalid: [], failed: 0 }),
};

export const createPushSender = (config: FcmConfig | undefined, log: Log): PushSender =>
  config ? createFcmSender(config, log) : noPush;
