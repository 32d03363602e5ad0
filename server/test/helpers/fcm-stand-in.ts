import { createVerify, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import tls from "node:tls";
import forge from "node-forge";

export type SentPush = { project: string; token: string; title: string; body: string; link?: string };

const GOOGLE_HOSTS = ["fcm.googleapis.com", "oauth2.googleapis.com"];

/**
 * A certificate authority made for the test, and a certificate it signs for Google's two hosts: what
 * a TLS-inspecting proxy presents, and what the API server trusts through HTTPS_PROXY_CA.
 */
function interceptionCertificates() {
  const pki = forge.pki;
  const caKeys = pki.rsa.generateKeyPair(2048);
  const ca = pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = "01";
  ca.validity.notBefore = new Date(Date.now() - 60_000);
  ca.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const caName = [{ name: "commonName", value: "Test proxy CA" }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const keys = pki.rsa.generateKeyPair(2048);
  const leaf = pki.createCertificate();
  leaf.publicKey = keys.publicKey;
  leaf.serialNumber = "02";
  leaf.validity.notBefore = ca.validity.notBefore;
  leaf.validity.notAfter = ca.validity.notAfter;
  leaf.setSubject([{ name: "commonName", value: GOOGLE_HOSTS[0]! }]);
  leaf.setIssuer(caName);
  leaf.setExtensions([
    { name: "subjectAltName", altNames: GOOGLE_HOSTS.map((value) => ({ type: 2, value })) },
    { name: "extKeyUsage", serverAuth: true },
  ]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());
  return {
    caPem: pki.certificateToPem(ca),
    cert: pki.certificateToPem(leaf),
    key: pki.privateKeyToPem(keys.privateKey),
  };
}

/**
 * The network between the API server and Google as a proxy that inspects TLS presents it: an HTTP
 * proxy (CONNECT) that opens the tunnels to fcm.googleapis.com and oauth2.googleapis.com itself,
 * with certificates of its own CA, and answers as Google's two services do: the OAuth token
 * endpoint (a JWT-bearer grant signed with the service account's key, verified here) and FCM HTTP
 * v1 `POST /v1/projects/{id}/messages:send`. Tokens in `unregistered` answer UNREGISTERED (404),
 * tokens starting "malformed" INVALID_ARGUMENT (400), as FCM does. A tunnel to any other host is
 * refused. The API server is pointed here by configuration a deployment behind such a proxy uses
 * too: HTTPS_PROXY and HTTPS_PROXY_CA.
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
    (handle: (req: http.IncomingMessage, raw: string) => [number, unknown]) =>
    (req: http.IncomingMessage, res: http.ServerResponse) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        const [status, body] = handle(req, raw);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
    };

  const tokenAnswer = (method: string | undefined, url: string | undefined, raw: string): [number, unknown] => {
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
  };

  const fcmAnswer = (
    method: string | undefined,
    url: string | undefined,
    raw: string,
    authorization?: string,
  ): [number, unknown] => {
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
  };

  // Google's two services, reached through the tunnels (HTTP/1.1 over the proxy's TLS).
  const google = http.createServer(
    json((req, raw) =>
      // The Host header names the service, as at Google's front end.
      req.headers.host === "oauth2.googleapis.com"
        ? tokenAnswer(req.method, req.url, raw)
        : fcmAnswer(req.method, req.url, raw, req.headers.authorization),
    ),
  );
  const { caPem, cert, key } = interceptionCertificates();
  const tunnels: Socket[] = [];
  let connects = 0;
  const proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req: http.IncomingMessage, socket: Socket) => {
    const [host, port] = (req.url ?? "").split(":");
    if (!GOOGLE_HOSTS.includes(host ?? "") || port !== "443") {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    connects++;
    tunnels.push(socket);
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    const secure = new tls.TLSSocket(socket, { isServer: true, cert, key });
    google.emit("connection", secure);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const serviceAccount = {
    type: "service_account",
    project_id: "loyalty-test",
    client_email: "push@loyalty-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: "https://oauth2.googleapis.com/token",
  };
  return {
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
    /** Tunnels opened through the proxy. */
    connects: () => connects,
    proxyUrl,
    /** The env that points the API server at this stand-in: the proxy, and the CA it signs with. */
    env: {
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
      HTTPS_PROXY: proxyUrl,
      HTTPS_PROXY_CA: caPem,
    },
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      google.close();
    },
  };
}
