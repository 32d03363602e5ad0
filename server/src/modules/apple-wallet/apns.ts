import { connect, constants, type ClientHttp2Session } from "node:http2";
import type { AppleWalletConfig } from "../../settings/apple-wallet";

/** What APNs answered for one device: its status, and its `reason` when it refused (status 0: no answer). */
export type PushOutcome = { pushToken: string; status: number; reason?: string };

/** APNs says the device token is gone: stop pushing to it (410, or a 400 naming the token bad). */
export const isDeadToken = (outcome: PushOutcome) =>
  outcome.status === 410 || (outcome.status === 400 && outcome.reason === "BadDeviceToken");

const PUSH_TIMEOUT_MS = 10_000;
/** An unused session is closed after this long (Apple drops idle ones too); the next push reopens. */
const IDLE_MS = 10 * 60_000;

export type Apns = {
  /**
   * Wallet's "this pass changed" push to each push token: topic = the pass type id, an empty
   * JSON payload, authenticated by the pass certificate as the TLS client certificate. The phone
   * then asks the web service which passes changed and fetches them.
   */
  push(pushTokens: string[]): Promise<PushOutcome[]>;
  close(): void;
};

/**
 * An APNs client that keeps one HTTP/2 session open and sends every push over it (Apple asks
 * providers to reuse connections rather than open one per notification). A session that Apple
 * closes (GOAWAY), that fails, or that idles out is dropped, and the next push opens a new one.
 */
export function createApns(config: AppleWalletConfig): Apns {
  let session: ClientHttp2Session | null = null;

  function open(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const fresh = connect(config.apnsEndpoint, {
      cert: config.passCert,
      key: config.passKey,
      passphrase: config.passKeyPassphrase,
      ...(config.apnsCa && { ca: config.apnsCa }),
    });
    const forget = () => drop(fresh);
    // A connection error fails the pending requests (each rejects); the next push reconnects.
    fresh.on("error", forget);
    fresh.on("goaway", forget);
    fresh.on("close", forget);
    fresh.setTimeout(IDLE_MS, () => fresh.close());
    // An idle session does not keep the process alive.
    fresh.unref();
    session = fresh;
    return fresh;
  }

  return {
    async push(pushTokens) {
      if (pushTokens.length === 0) return [];
      const current = open();
      current.ref();
      try {
        return await Promise.all(
          pushTokens.map((pushToken) =>
            pushOne(current, config.passTypeId, pushToken).catch((error: Error): PushOutcome => {
              // A failed stream may mean a broken session: the next push starts a new one.
              if (current.destroyed || current.closed) drop(current);
              return { pushToken, status: 0, reason: error.message };
            }),
          ),
        );
      } finally {
        if (!current.destroyed) current.unref();
      }
    },
    close() {
      session?.close();
      session = null;
    },
  };

  function drop(which: ClientHttp2Session) {
    if (session === which) session = null;
  }
}

function pushOne(session: ClientHttp2Session, topic: string, pushToken: string): Promise<PushOutcome> {
  return new Promise((resolve, reject) => {
    const request = session.request({
      [constants.HTTP2_HEADER_METHOD]: "POST",
      [constants.HTTP2_HEADER_PATH]: `/3/device/${pushToken}`,
      "apns-topic": topic,
      // A content-free update: Wallet fetches the pass itself; no alert, low priority.
      "apns-push-type": "background",
      "apns-priority": "5",
      "content-type": "application/json",
    });
    let status = 0;
    let text = "";
    request.setEncoding("utf8");
    request.on("response", (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      let reason: string | undefined;
      try {
        reason = text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
      } catch {
        reason = undefined;
      }
      resolve({ pushToken, status, reason });
    });
    request.on("error", reject);
    request.setTimeout(PUSH_TIMEOUT_MS, () => {
      request.close();
      reject(new Error("APNs timed out"));
    });
    request.end("{}");
  });
}
