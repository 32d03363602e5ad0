import https from "node:https";
import net from "node:net";
import { initializeApp, type Credential } from "firebase-admin/app";
import { getMessaging } from "firebase-admin/messaging";
import type { FcmConfig } from "../config";
import { serviceAccountClient } from "./google-auth";

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
/** FCM's limit of messages in one sendEach call. */
const BATCH = 500;
/** The answers that mean the token itself is dead (unregistered or not a token): delete it. */
const DEAD_TOKEN = new Set(["messaging/registration-token-not-registered", "messaging/invalid-registration-token"]);

/**
 * A token FCM reports as unregistered or invalid, or INVALID_ARGUMENT when it is the token that is
 * refused (FCM's text names the registration token), not something else in the message.
 */
const isDeadToken = (error: { code: string; message: string } | undefined) =>
  !!error &&
  (DEAD_TOKEN.has(error.code) ||
    (error.code === "messaging/invalid-argument" && /registration token/i.test(error.message)));

let apps = 0;

/**
 * firebase-admin's Credential interface over google-auth-library's service-account client. Its
 * built-in `cert()` credential asks a fixed Google host; this one honours the key file's
 * `token_uri` (services/google-auth.ts), so a stand-in's key file can point it at the stand-in.
 */
function serviceAccountCredential(config: FcmConfig): Credential {
  const client = serviceAccountClient(config, SCOPE);
  return {
    async getAccessToken() {
      const { token } = await client.getAccessToken();
      if (!token) throw new Error("FCM: the token server answered no access token");
      const expiry = client.credentials.expiry_date ?? Date.now() + 3600_000;
      return { access_token: token, expires_in: Math.max(1, Math.floor((expiry - Date.now()) / 1000)) };
    },
  };
}

/**
 * With `FCM_ENDPOINT` (tests only): firebase-admin addresses fcm.googleapis.com, and this agent
 * connects those requests to the stand-in instead, over plain HTTP.
 */
function standInAgent(endpoint: string): https.Agent | undefined {
  const url = new URL(endpoint);
  if (url.hostname === "fcm.googleapis.com") return undefined;
  const agent = new https.Agent();
  agent.createConnection = () => net.connect(Number(url.port || 80), url.hostname);
  return agent;
}

/**
 * Firebase Cloud Messaging through firebase-admin (HTTP v1 `messages:send`, one request per device,
 * `sendEach`); its own app instance, so nothing else in the process shares its credentials.
 * Tokens FCM reports unregistered or invalid come back in `invalid`, to be deleted; any other
 * failure (authentication, FCM unavailable) keeps the token.
 */
export function createFcmSender(config: FcmConfig, log: Log): PushSender {
  const httpAgent = standInAgent(config.endpoint);
  const app = initializeApp(
    { credential: serviceAccountCredential(config), projectId: config.projectId, httpAgent },
    `push-${++apps}`,
  );
  const messaging = getMessaging(app);
  // HTTP/1.1 (through `httpAgent`); firebase-admin's HTTP/2 session ignores the agent.
  messaging.enableLegacyHttpTransport();

  return {
    configured: true,
    async send(tokens, message) {
      const result: PushResult = { sent: 0, invalid: [], failed: 0 };
      // FCM refuses a link that is not https (the whole message, as INVALID_ARGUMENT).
      const link = message.link?.startsWith("https://") ? message.link : undefined;
      for (let i = 0; i < tokens.length; i += BATCH) {
        const batch = tokens.slice(i, i + BATCH);
        const answer = await messaging
          .sendEach(
            batch.map((token) => ({
              token,
              notification: { title: message.title, body: message.body },
              ...(link && { webpush: { fcmOptions: { link } } }),
            })),
          )
          .catch((err: unknown) => {
            log.warn({ err }, "push messages not sent");
            return null;
          });
        if (!answer) {
          result.failed += batch.length;
          continue;
        }
        answer.responses.forEach((response, j) => {
          if (response.success) result.sent++;
          else if (isDeadToken(response.error)) result.invalid.push(batch[j]!);
          else {
            result.failed++;
            log.warn({ code: response.error?.code }, "push message not sent");
          }
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
