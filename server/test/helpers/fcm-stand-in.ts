import { createVerify, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";

export type SentPush = { project: string; token: string; title: string; body: string; link?: string };

/**
 * A local server speaking the two parts of Google's protocol the FCM sender uses: the OAuth token
 * endpoint (a JWT-bearer grant signed with the service account's key, verified here) and FCM HTTP
 * v1 `POST /v1/projects/{id}/messages:send`. Tokens in `unregistered` answer UNREGISTERED (404),
 * tokens starting "malformed" INVALID_ARGUMENT (400), as FCM does. Each on a server of its own, as
 * Google's are: the token endpoint speaks HTTP/1.1 (google-auth-library's fetch), FCM speaks HTTP/2
 * only (h2c: HTTP/2 without TLS), so a sender that fell back to HTTP/1.1 would reach nothing. The
 * API server is pointed here by configuration alone: the key's `token_uri` and `FCM_ENDPOINT`.
 */
export async function startFcmStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sent: SentPush[] = [];
  const unregistered = new Set<string>();
  let tokenRequests = 0;
  const ACCESS = "ya29.stand-in-access-token";

  const state = { outage: false, wrongToken: false };
  /** Reads a request's body, then answers with `handle`'s status and JSON. */
  const json =
    (
      handle: (
        method: string | undefined,
        url: string | undefined,
        raw: string,
        authorization?: string,
      ) => [number, unknown],
    ) =>
    (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        const [status, body] = handle(req.method, req.url, raw, req.headers.authorization);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
    };

  const tokenServer = http.createServer(
    json((method, url, raw) => {
      if (method !== "POST" || url !== "/token") return [404, { error: "not_found" }];
      tokenRequests++;
      const form = new URLSearchParams(raw);
      const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
      const valid =
        form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
        !!signature &&
        createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, "base64url"));
      const payload = valid ? JSON.parse(Buffer.from(claims!, "base64url").toString()) : {};
      if (!valid || payload.scope !== "https://www.googleapis.com/auth/firebase.messaging") {
        return [400, { error: "invalid_grant" }];
      }
      const access = state.wrongToken ? "wrong" : ACCESS;
      return [200, { access_token: access, expires_in: 3599, token_type: "Bearer" }];
    }),
  );

  const fcmServer = http2.createServer(
    json((method, url, raw, authorization) => {
      const match = url?.match(/^\/v1\/projects\/([^/]+)\/messages:send$/);
      if (method !== "POST" || !match) return [404, { error: { code: 404, status: "NOT_FOUND" } }];
      if (state.outage) return [503, { error: { code: 503, status: "UNAVAILABLE", message: "try later" } }];
      if (authorization !== `Bearer ${ACCESS}`) {
        return [401, { error: { code: 401, status: "UNAUTHENTICATED", message: "bad credentials" } }];
      }
      const { message } = JSON.parse(raw) as {
        message: {
          token: string;
          notification: { title: string; body: string };
          // Google's JSON accepts both spellings of a field.
          webpush?: { fcm_options?: { link?: string }; fcmOptions?: { link?: string } };
        };
      };
      const fcmError = (code: number, status: string, errorCode: string, text: string): [number, unknown] => [
        code,
        {
          error: {
            code,
            status,
            message: text,
            details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }],
          },
        },
      ];
      if (unregistered.has(message.token))
        return fcmError(404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found.");
      if (message.token.startsWith("malformed")) {
        const text = "The registration token is not a valid FCM registration token";
        return fcmError(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", text);
      }
      sent.push({
        project: match[1]!,
        token: message.token,
        title: message.notification.title,
        body: message.notification.body,
        link: message.webpush?.fcmOptions?.link ?? message.webpush?.fcm_options?.link,
      });
      return [200, { name: `projects/${match[1]}/messages/${sent.length}` }];
    }),
  );
  const listen = async (server: http.Server | http2.Http2Server) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const tokenUrl = await listen(tokenServer);
  const url = await listen(fcmServer);
  const serviceAccount = {
    type: "service_account",
    project_id: "loyalty-test",
    client_email: "push@loyalty-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: `${tokenUrl}/token`,
  };
  return {
    url,
    sent,
    /** While true, FCM answers 503 UNAVAILABLE to every message. */
    get outage() {
      return state.outage;
    },
    set outage(value: boolean) {
      state.outage = value;
    },
    /** While true, the token endpoint issues a token that FCM then refuses (401). */
    get wrongToken() {
      return state.wrongToken;
    },
    set wrongToken(value: boolean) {
      state.wrongToken = value;
    },
    unregistered,
    tokenRequests: () => tokenRequests,
    /** The env that points the API server at this stand-in. */
    env: { FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount), FCM_ENDPOINT: url },
    close: async () => {
      await new Promise<void>((resolve) => tokenServer.close(() => resolve()));
      await new Promise<void>((resolve) => fcmServer.close(() => resolve()));
    },
  };
}
