import "server-only";
import { headers } from "next/headers";
import { backendUrl } from "./backend";
import { readCardSecrets } from "./card-cookie";
import type { Envelope } from "./contract/envelope";
import type { QrPublic } from "./contract/qr-codes";
import { CARD_SECRETS_HEADER, type ScanResult, type WalletCard } from "./contract/wallet";
import { CLIENT_IP_HEADER } from "./web-server/request-guard";

type Answer<T> = { status: number; envelope: Envelope<T> } | { status: 503; envelope: null };

/**
 * The add-to-wallet page's calls, made on the server as the BFF would make them: the device's card
 * secrets and the client address go to the API server; nothing secret reaches the HTML.
 */
async function call<T>(
  method: "GET" | "POST",
  path: string,
  query: Record<string, string | undefined>,
  body?: unknown,
): Promise<Answer<T>> {
  const [secrets, incoming] = await Promise.all([readCardSecrets(), headers()]);
  const sent = new Headers({ accept: "application/json" });
  if (secrets.length > 0) sent.set(CARD_SECRETS_HEADER, secrets.join(","));
  const ip = incoming.get(CLIENT_IP_HEADER);
  if (ip) sent.set("x-forwarded-for", ip);
  if (body !== undefined) sent.set("content-type", "application/json");
  try {
    const params = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
    const search = method === "GET" ? `?${new URLSearchParams(params).toString()}` : "";
    const res = await fetch(backendUrl(path, search), {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    return { status: res.status, envelope: (await res.json()) as Envelope<T> };
  } catch {
    return { status: 503, envelope: null };
  }
}

/** `code`: a rotating QR code's counter code, from the scanned URL (the answer's `code_ok`). */
export const qrDetail = (qrToken: string, code?: string) =>
  call<QrPublic>("GET", "/qr-detail", { qr_token: qrToken, code });
/** The card on this device: at the live QR code's business, else by its serial (issue 22 §8). */
export const walletCard = (ref: { qr_token?: string; serial?: string }) =>
  call<WalletCard | null>("GET", "/wallet-card", ref);
export const selfScan = (qrToken: string, code?: string) =>
  call<ScanResult>("POST", "/qr-code-scanner", {}, { code: qrToken, counter_code: code });
