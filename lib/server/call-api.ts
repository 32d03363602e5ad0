import "server-only";
import { CARD_SECRETS_HEADER } from "../../contract/wallet-device";
import { callRequest, type AnswerOf, type CallInput, type CallSpec } from "../api/call";
import { backendJson, setClientAddress, type Answer } from "./backend";
import { readCardSecrets } from "./card-cookie";

/** How a call made on the web server speaks for its visitor. */
export type ServerCallOptions = {
  /** The language the API answers its sentences in (Accept-Language). */
  locale?: string;
  /**
   * The visitor's request headers (`await headers()`): the client's address goes on, as the BFF
   * passes it. Left out where there is no visitor (a cached page renders for everyone).
   */
  request?: Pick<Headers, "get">;
  /** The session's token, for a call made for a signed-in user (sent as the BFF sends it). */
  token?: string;
  /** The longest the call may take, answer included (backend.ts's default otherwise). */
  timeoutMs?: number;
};

/**
 * Makes a contract call from the web server (server components, route handlers, the card page)
 * straight to the API server, as the BFF would make it for the visitor: the card secrets of this
 * device for the calls whose contract uses them, the session's bearer token when given, the
 * client's address and language. Never throws: an API server that is down, too slow or answers
 * something that is not JSON gives status 503 and no envelope (the page shows its own state).
 */
export async function callApi<const C extends CallSpec>(
  call: C,
  input: CallInput<C>,
  { locale, request, token, timeoutMs }: ServerCallOptions = {},
): Promise<Answer<AnswerOf<C>>> {
  const { method, path, search, body, headers: extra } = callRequest(call, input);
  const headers = new Headers(extra);
  if (request) setClientAddress(headers, request);
  if (locale) headers.set("accept-language", locale);
  // A call made in a wallet app's own scheme (ApplePass) never gets the session's token.
  if (token && !call.authorization) headers.set("authorization", `Bearer ${token}`);
  if (call.session === "useCardSecrets" || call.session === "holdCardSecret") {
    const secrets = await readCardSecrets();
    if (secrets.length > 0) headers.set(CARD_SECRETS_HEADER, secrets.join(","));
  }
  return backendJson<AnswerOf<C>>(path, { method, search, headers, body, timeoutMs });
}
