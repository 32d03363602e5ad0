import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { signRs256 } from "./jwt";
import { loyaltyObjectPatch, objectId, saveClaims, type PassBusiness, type PassCard } from "./passes";
import type { GoogleWalletConfig } from "./settings";

export const SAVE_URL = "https://pay.google.com/gp/v/save/";
const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const TOKEN_LIFETIME_SECONDS = 3600;
/** An access token is renewed this long before Google says it expires (clock skew, slow calls). */
const RENEW_EARLY_MS = 60_000;
const TIMEOUT_MS = 10_000;

export type GoogleWallet = {
  configured: boolean;
  /** The "Save to Google Wallet" link for a card, or null without configuration. */
  saveLink(business: PassBusiness, card: PassCard): string | null;
  /**
   * Sends a card's new stamps to its saved pass. A card never saved (404) is normal; any other
   * failure throws, and the job (card.changed.google-wallet) is retried.
   */
  updateCard(card: Pick<PassCard, "serial" | "stamps" | "reward">): Promise<void>;
};

class GoogleError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Google Wallet answered ${status}: ${detail.slice(0, 300)}`);
  }
}

/** Google Wallet through its REST API, with the service account's OAuth token cached until it expires. */
export function createGoogleWallet(config: Config, log: FastifyBaseLogger): GoogleWallet {
  const google: GoogleWalletConfig | undefined = config.googleWallet;
  if (!google) {
    return { configured: false, saveLink: () => null, updateCard: async () => {} };
  }
  const settings = google;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** The JWT bearer grant (RFC 7523) of a service account. */
  async function fetchToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const assertion = signRs256(
      {
        iss: settings.clientEmail,
        scope: SCOPE,
        aud: settings.tokenUri,
        iat: now,
        exp: now + TOKEN_LIFETIME_SECONDS,
      },
      settings.privateKey,
    );
    const res = await fetch(settings.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new GoogleError(res.status, await res.text());
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new GoogleError(res.status, "no access_token in the token answer");
    const lifetime = (body.expires_in ?? TOKEN_LIFETIME_SECONDS) * 1000;
    cached = { token: body.access_token, expiresAt: Date.now() + lifetime - RENEW_EARLY_MS };
    return body.access_token;
  }

  /** One token request at a time, however many stamps arrive together. */
  function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  async function patch(path: string, body: unknown, retried = false): Promise<number> {
    const res = await fetch(`${settings.apiUrl}${path}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await accessToken()}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A token revoked or expired early: forget it and try once with a fresh one.
    if (res.status === 401 && !retried) {
      cached = null;
      return patch(path, body, true);
    }
    if (res.ok || res.status === 404) return res.status;
    throw new GoogleError(res.status, await res.text());
  }

  return {
    configured: true,
    saveLink(business, card) {
      return SAVE_URL + signRs256(saveClaims(settings, config.publicAppUrl, business, card), settings.privateKey);
    },
    async updateCard(card) {
      const id = objectId(settings, card.serial);
      const status = await patch(`/loyaltyObject/${encodeURIComponent(id)}`, loyaltyObjectPatch(card));
      if (status === 404) log.debug({ objectId: id }, "google wallet: card not saved to a wallet, nothing to update");
    },
  };
}
