import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A service account key made for the test: Google's JSON key file shape, pointing at the stand-in. */
export function testServiceAccount(tokenUri: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const json = {
    type: "service_account",
    client_email: "wallet@test-project.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: tokenUri,
  };
  return { json, publicKey };
}

type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local server speaking the two parts of Google's protocol the adapter uses: the OAuth token
 * endpoint (JWT bearer grant) and PATCH of a loyalty object. Objects in `saved` answer 200, others
 * 404 as Google does for a pass never saved; `failWith` makes PATCHes fail with that status, and
 * `failNext` makes the next that many fail with 503.
 */
export async function startGoogleStandIn() {
  const requests: Seen[] = [];
  const saved = new Set<string>();
  const savedClasses = new Set<string>();
  /** Objects whose notifications for the day are used up by messages. */
  const notifyQuotaSpent = new Set<string>();
  let issued = 0;
  const state = { failWith: 0, failNext: 0 };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      if (req.method === "POST" && req.url === "/token") {
        const form = new URLSearchParams(body);
        if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" || !form.get("assertion")) {
          return send(400, { error: "invalid_grant" });
        }
        return send(200, { access_token: `ya29.standin-${++issued}`, expires_in: 3599, token_type: "Bearer" });
      }
      // A class exists once a holder saved a pass of it (the design PATCHes it).
      const classMatch = req.url!.match(/^\/walletobjects\/v1\/loyaltyClass\/([^/?]+)$/);
      if (req.method === "PATCH" && classMatch) {
        if (!/^Bearer ya29\.standin-\d+$/.test(req.headers.authorization ?? "")) return send(401, { error: {} });
        const id = decodeURIComponent(classMatch[1]!);
        if (!savedClasses.has(id)) return send(404, { error: { code: 404, message: `Resource ${id} not found` } });
        return send(200, { id, ...JSON.parse(body) });
      }
      const match = req.url!.match(/^\/walletobjects\/v1\/loyaltyObject\/([^/?]+)$/);
      if (req.method === "PATCH" && match) {
        if (!/^Bearer ya29\.standin-\d+$/.test(req.headers.authorization ?? "")) return send(401, { error: {} });
        if (state.failWith) return send(state.failWith, { error: { code: state.failWith, message: "Backend Error" } });
        if (state.failNext > 0 && state.failNext--) return send(503, { error: { code: 503, message: "Unavailable" } });
        const id = decodeURIComponent(match[1]!);
        if (!saved.has(id)) return send(404, { error: { code: 404, message: `Resource ${id} not found` } });
        // A pass past its 3 notifications a day refuses another TEXT_AND_NOTIFY message.
        if (notifyQuotaSpent.has(id) && body.includes('"TEXT_AND_NOTIFY"')) {
          return send(429, { error: { code: 429, message: "QuotaExceededException: too many notifications" } });
        }
        return send(200, { id, ...JSON.parse(body) });
      }
      send(404, { error: { code: 404 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tokenUri: `${base}/token`,
    apiUrl: `${base}/walletobjects/v1`,
    requests,
    saved,
    savedClasses,
    notifyQuotaSpent,
    state,
    patches: () => requests.filter((r) => r.method === "PATCH"),
    tokenRequests: () => requests.filter((r) => r.path === "/token"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
