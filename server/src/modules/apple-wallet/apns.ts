import { connect, constants } from "node:http2";
import type { AppleWalletConfig } from "./config";

/** What APNs answered for one device: its status, and its `reason` when it refused (status 0: no answer). */
export type PushOutcome = { pushToken: string; status: number; reason?: string };

/** APNs says the device token is gone: stop pushing to it (410, or a 400 naming the token bad). */
export const isDeadToken = (outcome: PushOutcome) =>
  outcome.status === 410 || (outcome.status === 400 && outcome.reason === "BadDeviceToken");

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Wallet's "this pass changed" push over HTTP/2 to each push token: topic = the pass type id, an
 * empty JSON payload, authenticated by the pass certificate as the TLS client certificate. The
 * phone then asks the web service which passes changed and fetches them. One connection per batch.
 */
export async function pushPassUpdates(config: AppleWalletConfig, pushTokens: string[]): Promise<PushOutcome[]> {
  if (pushTokens.length === 0) return [];
  const session = connect(config.apnsEndpoint, {
    cert: config.passCert,
    key: config.passKey,
    passphrase: config.passKeyPassphrase,
    ...(config.apnsCa && { ca: config.apnsCa }),
  });
  // A connection error fails every pending request below (each one rejects); nothing throws here.
  session.on("error", () => undefined);
  session.setTimeout(PUSH_TIMEOUT_MS, () => session.destroy(new Error("APNs timed out")));
  try {
    return await Promise.all(
      pushTokens.map((pushToken) =>
        pushOne(session, config.passTypeId, pushToken).catch((error: Error): PushOutcome => ({
          pushToken,
          status: 0,
          reason: error.message,
        })),
      ),
    );
  } finally {
    session.close();
  }
}

function pushOne(session: ReturnType<typeof connect>, topic: string, pushToken: string): Promise<PushOutcome> {
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
    request.end("{}");
  });
}
