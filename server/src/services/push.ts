import type { FcmConfig } from "../config";
import { FCM_STREAMS, openFcmConnection, type FcmAnswer } from "./fcm-connection";
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
/** Messages sent over one connection (a page of the card holders' job is as many). */
const BATCH = 500;

type FcmError = { status?: string; message?: string; details?: { errorCode?: string }[] };

/** FCM's own code of a refusal (`UNREGISTERED`, `INVALID_ARGUMENT`, …), from its error details. */
const errorOf = (answer: FcmAnswer) => {
  const error = (answer.body as { error?: FcmError } | undefined)?.error;
  const code = error?.details?.find((d) => d.errorCode)?.errorCode ?? error?.status ?? `HTTP ${answer.status}`;
  return { code, message: error?.message ?? "" };
};

/**
 * The answers that mean the token itself is dead: UNREGISTERED (the app was uninstalled or the
 * token expired), or INVALID_ARGUMENT when it is the token that is refused (FCM's text names the
 * registration token), not something else in the message.
 */
const isDeadToken = ({ code, message }: { code: string; message: string }) =>
  code === "UNREGISTERED" || (code === "INVALID_ARGUMENT" && /registration token/i.test(message));

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Firebase Cloud Messaging's HTTP v1 API (`messages:send`, one request per device) over HTTP/2, as
 * firebase-admin's `sendEach` sends: one connection per batch, the messages multiplexed on it. Not
 * firebase-admin itself: it addresses fcm.googleapis.com whatever it is told, so FCM_ENDPOINT is
 * where this sends (https://fcm.googleapis.com unless set). The access token comes from
 * google-auth-library, asked at the key's own `token_uri` (services/google-auth.ts).
 * Tokens FCM reports unregistered or invalid come back in `invalid`, to be deleted; any other
 * failure (authentication, FCM unavailable) keeps the token.
 */
export function createFcmSender(config: FcmConfig, log: Log): PushSender {
  const auth = serviceAccountClient(config, SCOPE);
  const path = `/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;

  return {
    configured: true,
    async send(tokens, message) {
      const result: PushResult = { sent: 0, invalid: [], failed: 0 };
      // FCM refuses a link that is not https (the whole message, as INVALID_ARGUMENT).
      const link = message.link?.startsWith("https://") ? message.link : undefined;
      const notification = { title: message.title, body: message.body };
      for (let i = 0; i < tokens.length; i += BATCH) {
        const batch = tokens.slice(i, i + BATCH);
        // google-auth-library caches the token and renews it before it expires.
        const accessToken = await auth
          .getAccessToken()
          .then(({ token }) => token ?? Promise.reject(new Error("the token server answered no access token")))
          .catch((err: unknown) => {
            log.warn({ err }, "push messages not sent: no FCM access token");
            return null;
          });
        if (!accessToken) {
          result.failed += batch.length;
          continue;
        }
        const connection = openFcmConnection(config.endpoint);
        let unreachable: unknown;
        try {
          await eachLimited(batch, FCM_STREAMS, async (token) => {
            const body = { message: { token, notification, ...(link && { webpush: { fcm_options: { link } } }) } };
            const answer = await connection.post(path, body, accessToken).catch((err: unknown) => {
              unreachable ??= err;
              return null;
            });
            if (!answer) result.failed++;
            else if (answer.status === 200) result.sent++;
            else if (isDeadToken(errorOf(answer))) result.invalid.push(token);
            else {
              result.failed++;
              log.warn({ status: answer.status, code: errorOf(answer).code }, "push message not sent");
            }
          });
        } finally {
          connection.close();
        }
        // One line for a connection that failed, not one per message.
        if (unreachable) log.warn({ err: unreachable }, "push messages not sent");
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
