import tls from "node:tls";
import { deleteApp, initializeApp, type App, type Credential } from "firebase-admin/app";
import { getMessaging, type Message } from "firebase-admin/messaging";
import { JWT } from "google-auth-library";
import { HttpsProxyAgent } from "https-proxy-agent";
import type { FcmConfig } from "../config";

export type PushMessage = {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */ link?: string;
};

/**
 * What a send did: `accepted`, the tokens FCM took the message for; tokens FCM reports as gone or
 * malformed (`invalid`) are to be deleted.
 */
export type PushResult = { sent: number; accepted: string[]; invalid: string[]; failed: number };

export type PushSender = {
  configured: boolean;
  send(tokens: string[], message: PushMessage): Promise<PushResult>;
  /** Lets go of the sender's connections (the app's close). */
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void };

/** Messages one `sendEach` takes (FCM's own limit). */
const BATCH = 500;

/**
 * The codes firebase-admin gives a message whose token itself is dead: unregistered (the app was
 * uninstalled, the token expired) or not a registration token at all. Any other failure
 * (authentication, FCM unavailable) keeps the token.
 */
const DEAD_TOKEN = new Set(["messaging/registration-token-not-registered", "messaging/invalid-registration-token"]);
const isDeadToken = (error: { code: string; message: string }) =>
  DEAD_TOKEN.has(error.code) ||
  (error.code === "messaging/invalid-argument" && /registration token/i.test(error.message));

/**
 * The agent for Google's hosts when the network reaches them through a proxy (HTTPS_PROXY): a
 * CONNECT tunnel, with the proxy's own CA trusted beside the system's when it inspects TLS. The
 * CA goes on each tunnel's TLS connection: https-proxy-agent takes the target's TLS options from
 * the request, and firebase-admin's requests carry none.
 */
/** Tunnels open at once to Google through the proxy. */
const TUNNELS = 16;

type ConnectArgs = Parameters<HttpsProxyAgent<string>["connect"]>;

class GoogleProxyAgent extends HttpsProxyAgent<string> {
  constructor(
    url: string,
    private readonly ca: string[] | undefined,
  ) {
    // Tunnels kept open and shared: a page of 500 messages reuses a few of them.
    super(url, { keepAlive: true, maxSockets: TUNNELS });
  }

  override connect(req: ConnectArgs[0], opts: ConnectArgs[1]) {
    return super.connect(req, this.ca ? ({ ...opts, ca: this.ca } as ConnectArgs[1]) : opts);
  }
}

const proxyAgent = (proxy: NonNullable<FcmConfig["proxy"]>) =>
  new GoogleProxyAgent(proxy.url, proxy.ca ? [...tls.rootCertificates, proxy.ca] : undefined);

/**
 * The service account's OAuth credential for firebase-admin (its `Credential` interface), through
 * `agent`. Not firebase-admin's `cert(account, httpAgent)`: it builds its google-auth-library client
 * with `GoogleAuth.fromJSON(key)`, which (google-auth-library 10) leaves the agent out, so the token
 * request would go straight to Google whatever the app's agent says.
 */
function serviceAccountCredential(config: FcmConfig, agent: GoogleProxyAgent | undefined): Credential {
  const client = new JWT({
    email: config.clientEmail,
    key: config.privateKey,
    scopes: ["https://www.googleapis.com/auth/firebase.messaging"],
    ...(agent && { transporterOptions: { agent } }),
  });
  return {
    async getAccessToken() {
      // google-auth-library caches the token and renews it before it expires.
      const { token } = await client.getAccessToken();
      if (!token) throw new Error("the token server answered no access token");
      const expiresAt = client.credentials.expiry_date ?? Date.now() + 3_600_000;
      return { access_token: token, expires_in: Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) };
    },
  };
}

let apps = 0;

/**
 * Firebase Cloud Messaging through firebase-admin: `sendEach` (FCM's HTTP v1 API, one request a
 * device), over firebase-admin's HTTP/1.1 transport. Its HTTP/2 transport, the default since 12.3,
 * ignores `httpAgent` and so any proxy (firebase-admin-node #2550, #2697); the HTTP/1.1 one goes
 * through the app's agent, as the credential's token requests do (serviceAccountCredential). firebase-admin retries FCM's
 * 503s itself. Tokens FCM reports unregistered or invalid come back in `invalid`, to be deleted.
 */
export function createFcmSender(config: FcmConfig, log: Log): PushSender {
  const agent = config.proxy ? proxyAgent(config.proxy) : undefined;
  const app: App = initializeApp(
    {
      credential: serviceAccountCredential(config, agent),
      projectId: config.projectId,
      ...(agent && { httpAgent: agent }),
    },
    // One firebase-admin app per sender: an API process may build several (tests do).
    `loyalty-push-${++apps}`,
  );
  const messaging = getMessaging(app);
  messaging.enableLegacyHttpTransport();

  return {
    configured: true,
    async send(tokens, message) {
      const result: PushResult = { sent: 0, accepted: [], invalid: [], failed: 0 };
      // FCM refuses a link that is not https (the whole message, as INVALID_ARGUMENT).
      const link = message.link?.startsWith("https://") ? message.link : undefined;
      const notification = { title: message.title, body: message.body };
      for (let i = 0; i < tokens.length; i += BATCH) {
        const batch = tokens.slice(i, i + BATCH);
        const messages: Message[] = batch.map((token) => ({
          token,
          notification,
          ...(link && { webpush: { fcmOptions: { link } } }),
        }));
        const answer = await messaging.sendEach(messages).catch((err: unknown) => {
          // The whole batch failed before any message went (no access token, FCM out of reach).
          log.warn({ err }, "push messages not sent");
          return null;
        });
        if (!answer) {
          result.failed += batch.length;
          continue;
        }
        // One line for the batch, however many messages failed (FCM out of reach fails them all).
        const failures: Record<string, number> = {};
        answer.responses.forEach((response, index) => {
          if (response.success) {
            result.sent++;
            result.accepted.push(batch[index]!);
          } else if (response.error && isDeadToken(response.error)) result.invalid.push(batch[index]!);
          else {
            result.failed++;
            const code = response.error?.code ?? "unknown";
            failures[code] = (failures[code] ?? 0) + 1;
          }
        });
        if (Object.keys(failures).length > 0) log.warn({ failures }, "push messages not sent");
      }
      return result;
    },
    close: () => deleteApp(app),
  };
}

/** Without Firebase configuration nothing is sent and nothing tries to reach Google. */
export const noPush: PushSender = {
  configured: false,
  send: async () => ({ sent: 0, accepted: [], invalid: [], failed: 0 }),
  close: async () => {},
};

export const createPushSender = (config: FcmConfig | undefined, log: Log): PushSender =>
  config ? createFcmSender(config, log) : noPush;
