import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { PKPASS_TYPE } from "../../../../contract/apple-wallet";
import { route, type Result } from "../../http/route";
import { verbatim } from "../../i18n/sentence";
import { secretsOf } from "../loyalty/cards/cards";
import {
  checkLogAllowed,
  downloadPass,
  latestPass,
  registerDevice,
  unregisterDevice,
  updatedPasses,
  type AppleWalletDeps,
} from "./service";
import { lastModified } from "./web-service";

const pkpass = (body: Buffer, updatedAt: Date, extra: Record<string, string> = {}): Result<never> => ({
  message: verbatim(""),
  file: {
    body,
    contentType: PKPASS_TYPE,
    // Without Last-Modified, Wallet silently stops fetching updates.
    headers: { "last-modified": lastModified(updatedAt).toUTCString(), "cache-control": "no-store", ...extra },
  },
});

const json = (value: unknown, statusCode = 200): Result<never> => ({
  message: verbatim(""),
  statusCode,
  file: { body: Buffer.from(JSON.stringify(value)), contentType: "application/json", headers: {} },
});

const empty = (statusCode: number, headers: Record<string, string> = {}): Result<never> => ({
  message: verbatim(""),
  statusCode,
  file: { body: Buffer.alloc(0), contentType: "text/plain", headers },
});

/**
 * Apple Wallet: the card as a signed pass, Apple's pass web service under
 * `/api/apple-wallet/v1/...`. Without configuration every call answers 404. The APNs pushes to
 * the registered phones when a card changes are registered by app.ts (registerApplePassUpdates).
 */
export function appleWalletRoutes(app: FastifyInstance, deps: AppleWalletDeps) {
  route(app, calls.appleWalletPass, async ({ query, request }) => {
    const pass = await downloadPass(deps, query, { ip: request.ip, secrets: secretsOf(request.headers) });
    return pkpass(pass.body, pass.updatedAt, {
      "content-disposition": `attachment; filename="${pass.serial}.pkpass"`,
    });
  });

  route(app, calls.appleRegisterDevice, async ({ params, body, request }) => {
    const created = await registerDevice(deps, params, body.pushToken, request.headers.authorization);
    if (created) return { statusCode: 201, message: verbatim("Registered.") };
    return { message: verbatim("Already registered.") };
  });

  route(app, calls.appleUnregisterDevice, async ({ params, request }) => {
    await unregisterDevice(deps, params, request.headers.authorization);
    return { message: verbatim("Unregistered.") };
  });

  route(app, calls.appleUpdatedPasses, async ({ params, query }) => {
    const answer = await updatedPasses(deps, params, query.passesUpdatedSince);
    return answer ? json(answer) : empty(204);
  });

  route(app, calls.appleLatestPass, async ({ params, request }) => {
    const pass = await latestPass(deps, params, request.headers.authorization, request.headers["if-modified-since"]);
    if (!pass.body) return empty(304, { "last-modified": lastModified(pass.updatedAt).toUTCString() });
    return pkpass(pass.body, pass.updatedAt);
  });

  route(app, calls.appleLog, async ({ body, request }) => {
    await checkLogAllowed(deps, request.ip);
    for (const line of body.logs) request.log.warn({ appleWallet: line }, "apple wallet device log");
    return { message: verbatim("Logged.") };
  });
}
