import "server-only";
import { headers } from "next/headers";
import type { Answer } from "./backend";
import { callApi } from "./call-api";
import { calls } from "../../contract/calls";
import type { QrPublic } from "../../contract/qr-codes";
import type { ScanResult, WalletCard } from "../../contract/wallet";

/*
 * The add-to-wallet page's calls, made on the server as the BFF would make them: the device's card
 * secrets (for the calls whose contract uses them) and the client address go to the API server;
 * nothing secret reaches the HTML. Each waits the BFF's timeout (backend.ts): a self-scan writes,
 * and the API cuts its statements at 15 s; past it the page shows its "could not load" state.
 */

/** `code`: a rotating QR code's counter code, from the scanned URL (the answer's `code_ok`). */
export const qrDetail = async (qrToken: string, code?: string) =>
  (await callApi(
    calls.qrDetail,
    { query: { qr_token: qrToken, code } },
    { request: await headers() },
  )) as Answer<QrPublic>;
/**
 * The card on this device: at the live QR code's business, else by its serial. `language`: the
 * page's, which its balance is said in (unless the business chose the card's).
 */
export const walletCard = async (ref: { qr_token?: string; serial?: string }, language?: string) =>
  (await callApi(
    calls.walletCard,
    { query: ref },
    { request: await headers(), locale: language },
  )) as Answer<WalletCard | null>;
/** `language`: the card's, which the answer's message is said in. */
export const selfScan = async (qrToken: string, code: string | undefined, language: string) =>
  (await callApi(
    calls.qrCodeScanner,
    { body: { code: qrToken, counter_code: code } },
    { request: await headers(), locale: language },
  )) as Answer<ScanResult>;
