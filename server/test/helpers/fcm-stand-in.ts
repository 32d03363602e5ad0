import { createVerify, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type SentPush = { project: string; token: string; title: string; body: string; link?: string };

/**
 * A local server speaking the two parts of Google's protocol the FCM sender uses: the OAuth token
 * endpoint (a JWT-bearer grant signed with the service account's key, verified here) and FCM HTTP
 * v1 `POST /v1/projects/{id}/messages:send`. Tokens in `unregistered` answer UNREGISTERED (404),
 * tokens starting "malformed" INVALID_ARGUMENT (400), as FCM does. firebase-admin reaches it through
 * the agent services/push.ts sets up for `FCM_ENDPOINT`.
 */
export async function startFcmStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sent: SentPush[] = [];
  const unregistered = new Set<string>();
  let tokenRequests = 0;
  const ACCESS = "ya29.stand-in-access-token";

  const state = { outage: false, wrongToken: false };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && req.url === "/token") {
        tokenRequests++;
        const form = new URLSearchParams(raw);
        const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
        const valid =
          form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
          !!signature &&
          createVerify("RSA-SHA256")
            .update(`${header}.${claims}`)
            .verify(publicKey, Buffer.from(signature, "base64url"));
        const payload = valid ? JSON.parse(Buffer.from(claims!, "base64url").toString()) : {};
        if (!valid || payload.scope !== "https://www.googleapis.com/auth/firebase.messaging") {
          return send(400, { error: "invalid_grant" });
        }
        const access = state.wrongToken ? "wrong" : ACCESS;
        return send(200, { access_token: access, expires_in: 3599, token_type: "Bearer" });
      }
      const match = req.url?.match(/^\/v1\/projects\/([^/]+)\/messages:send$/);
      if (req.method === "POST" && match) {
        if (state.outage) return send(503, { error: { code: 503, status: "UNAVAILABLE", message: "try later" } });
        if (req.headers.authorization !== `Bearer ${ACCESS}`) {
          return send(401, { error: { code: 401, status: "UNAUTHENTICATED", message: "bad credentials" } });
        }
        const { message } = JSON.parse(raw) as {
          message: {
            token: string;
            notification: { title: string; body: string };
            // Google's JSON accepts both spellings; firebase-admin sends lowerCamelCase.
            webpush?: { fcm_options?: { link?: string }; fcmOptions?: { link?: string } };
          };
        };
        const fcmError = (code: number, status: string, errorCode: string, text: string) =>
          send(code, {
            error: {
              code,
              status,
              message: text,
              details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }],
            },
          });
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
        return send(200, { name: `projects/${match[1]}/messages/${sent.length}` });
      }
      send(404, { error: { code: 404, status: "NOT_FOUND" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceAccount = {
    type: "service_account",
    project_id: "loyalty-test",
    client_email: "push@loyalty-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: `${url}/token`,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
