import "server-only";
import { headers } from "next/headers";
import { backendJson, setClientAddress, type Answer } from "./backend";
import { readCardSecrets } from "./card-cookie";
import type { QrPublic } from "../../contract/qr-codes";
import { CARD_SECRETS_HEADER, type ScanResult, type WalletCard } from "../../contract/wallet";

/**
 * The add-to-wallet page's calls, made on the server as the BFF would make them: the device's card
 * secrets and the client address go to the API server; nothing secret reaches the HTML.
 */
async function call<T>(
  method: "GET" | "POST",
  path: string,
  query: Record<string, string | undefined>,
  body?: unknown,
  language?: string,
): Promise<Answer<T>> {
  const [secrets, incoming] = await Promise.all([readCardSecrets(), headers()]);
  const sent = setClientAddress(new Headers(), incoming);
  // The API says its sentences (a stamp's notice, a refusal) in the card's language.
  if (language) sent.set("accept-language", language);
  if (secrets.length > 0) sent.set(CARD_SECRETS_HEADER, secrets.join(","));
  const params = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  const search = method === "GET" ? `?${new URLSearchParams(params).toString()}` : "";
  // The BFF's timeout (BACKEND_TIMEOUT_MS, the default): a self-scan writes, and the API cuts its
  // statements at 15 s; past it the page shows its "could not load" state instead of hanging.
  return backendJson<T>(path, { method, search, headers: sent, body });
}

/** `code`: a rotating QR code's counter code, from the scanned URL (the answer's `code_ok`). */
export const qrDetail = (qrToken: string, code?: string) =>
  call<QrPublic>("GET", "/qr-detail", { qr_token: qrToken, code });
/**
 * The card on this device: at the live QR code's business, else by its serial (issue 22 §8).
 * `language`: the page's, which its balance is said in (unless the business chose the card's).
 */
export const walletCard = (ref: { qr_token?: string; serial?: string }, language?: string) =>
  call<WalletCard | null>("GET", "/wallet-card", ref, undefined, language);
/** `language`: the card's, which the answer's message is said in. */
export const selfScan = (qrToken: string, code: string | undefined, language: string) =>
  call<ScanResult>("POST", "/qr-code-scanner", {}, { code: qrToken, counter_code: code }, language);
