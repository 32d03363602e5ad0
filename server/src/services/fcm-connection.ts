import http2 from "node:http2";

/** An answer of FCM: its status and its JSON body (undefined when the body is not JSON). */
export type FcmAnswer = { status: number; body: unknown };

/** How long one message may take before its stream is cancelled (FCM answers in well under 1 s). */
const TIMEOUT_MS = 30_000;
/** FCM's limit of concurrent streams on one connection (firebase-admin assumes the same). */
export const FCM_STREAMS = 100;

/**
 * One HTTP/2 connection to FCM's HTTP v1 API for one run of sends, as firebase-admin's `sendEach`
 * opens one per call: each message is a stream of it. The endpoint's scheme chooses the wire:
 * `https://` is TLS with ALPN h2 (Google's fcm.googleapis.com), `http://` is HTTP/2 in the clear.
 */
export function openFcmConnection(endpoint: string) {
  const base = new URL(endpoint);
  const prefix = base.pathname.replace(/\/$/, "");
  const session = http2.connect(base.origin, { peerMaxConcurrentStreams: FCM_STREAMS });
  let failure: Error | undefined;
  // A refused or broken connection: every stream fails with it, and so does every later one.
  session.on("error", (error) => (failure = error));

  return {
    /** POSTs a JSON body to `path` (under the endpoint's own path) with the access token. */
    post(path: string, body: object, accessToken: string): Promise<FcmAnswer> {
      return new Promise((resolve, reject) => {
        if (failure || session.destroyed) return reject(failure ?? new Error("FCM connection closed"));
        const stream = session.request({
          ":method": "POST",
          ":path": `${prefix}${path}`,
          "content-type": "application/json",
          authorization: `Bearer ${accessToken}`,
        });
        let status = 0;
        let raw = "";
        stream.setEncoding("utf8");
        stream.setTimeout(TIMEOUT_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
        stream.on("response", (headers) => (status = Number(headers[":status"])));
        stream.on("data", (chunk: string) => (raw += chunk));
        stream.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(raw);
          } catch {
            json = undefined;
          }
          resolve({ status, body: json });
        });
        stream.on("error", (error) => reject(failure ?? error));
        // Cancelled (the timeout) or reset by FCM without an answer: settles nothing above.
        stream.on("close", () => reject(failure ?? new Error(`FCM stream closed (code ${stream.rstCode})`)));
        stream.end(JSON.stringify(body));
      });
    },
    close: () => (session.destroyed ? undefined : session.close()),
  };
}
