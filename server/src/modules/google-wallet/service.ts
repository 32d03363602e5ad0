import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { serviceAccountClient } from "../../services/google-auth";
import { signRs256 } from "./jwt";
import type { CardMessage } from "../../../../contract/notifications";
import {
  classId,
  classLook,
  loyaltyMessages,
  loyaltyObjectPatch,
  objectId,
  objectLook,
  saveClaims,
  type ClassDesign,
  type PassBusiness,
  type PassCard,
} from "./passes";
import type { GoogleWalletConfig } from "../../settings/google-wallet";

export const SAVE_URL = "https://pay.google.com/gp/v/save/";
const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const TIMEOUT_MS = 10_000;

export type GoogleWallet = {
  configured: boolean;
  /** The "Save to Google Wallet" link for a card, or null without configuration. */
  saveLink(business: PassBusiness, card: PassCard): string | null;
  /**
   * Sends a card's new stamps to its saved pass. A card never saved (404) is normal; any other
   * failure throws, and the job (event.google-wallet) is retried. The PATCH carries the business's
   * design, so the object keeps the colour and hero it overrides its class's with.
   */
  updateCard(
    card: Pick<PassCard, "serial" | "stamps" | "reward" | "terms" | "locale" | "vouchers" | "level">,
    design?: ClassDesign,
  ): Promise<void>;
  /**
   * Expires a deleted card's saved pass (Google's REST API deletes no loyalty object): the phone
   * moves it to its expired passes, saying the card was deleted. Never saved (404): nothing to do.
   */
  expireCard(serial: string): Promise<void>;
  /**
   * Sets a saved pass's messages to the card's latest ones, notifying of `notify` (the
   * message just sent). Past Google's 3 notifications a pass a day it answers a quota error: sent
   * once more without the notification, never in a loop. A card never saved (404) is normal
   * (answers false: no pass took it); any other failure throws.
   */
  updateMessages(serial: string, messages: CardMessage[], notify?: number): Promise<boolean>;
  /**
   * Sends a business's card design to its class: every saved pass of the business
   * takes it. A class no holder ever saved (404) is normal: the next save link carries the design.
   */
  updateClass(businessId: number, design: ClassDesign | undefined): Promise<void>;
  /**
   * Sends a business's card design to one saved pass: its own colour and hero, which
   * override the class's. A card never saved (404) is normal; any other failure throws.
   */
  updateLook(serial: string, design: ClassDesign): Promise<void>;
};

/** What a deleted card's pass turns into: expired, and no stamps or reward of a card that is gone. */
export const EXPIRED_PASS = {
  state: "EXPIRED",
  loyaltyPoints: { label: "Stamps", balance: { int: 0 } },
  textModulesData: [
    { id: "reward", header: "Card deleted", body: "This card and its data were deleted. It collects no more stamps." },
  ],
};

class GoogleError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Google Wallet answered ${status}: ${detail.slice(0, 300)}`);
  }
}

/** Google's "too many notifications for this pass" (QuotaExceededException), or any rate refusal. */
const isQuotaError = (err: GoogleError) => err.status === 429 || /quota/i.test(err.message);

/**
 * Google Wallet through its REST API. google-auth-library's service-account client signs the
 * PATCHes with an OAuth token it caches until it expires (and renews once on a 401).
 */
export function createGoogleWallet(config: Config, log: FastifyBaseLogger): GoogleWallet {
  const google: GoogleWalletConfig | undefined = config.googleWallet;
  if (!google) {
    return {
      configured: false,
      saveLink: () => null,
      updateCard: async () => {},
      expireCard: async () => {},
      updateMessages: async () => false,
      updateClass: async () => {},
      updateLook: async () => {},
    };
  }
  const settings = google;
  const client = serviceAccountClient(settings, SCOPE);

  async function patch(path: string, body: unknown): Promise<number> {
    try {
      const res = await client.request({
        url: `${settings.apiUrl}${path}`,
        method: "PATCH",
        data: body,
        timeout: TIMEOUT_MS,
      });
      return res.status;
    } catch (err) {
      const response = (err as { response?: { status?: number; data?: unknown } }).response;
      if (response?.status === 404) return 404;
      if (response?.status) throw new GoogleError(response.status, JSON.stringify(response.data ?? ""));
      throw err;
    }
  }

  return {
    configured: true,
    saveLink(business, card) {
      return SAVE_URL + signRs256(saveClaims(settings, config.publicAppUrl, business, card), settings.privateKey);
    },
    async updateCard(card, design) {
      const id = objectId(settings, card.serial);
      const body = { ...loyaltyObjectPatch(card), ...objectLook(design) };
      const status = await patch(`/loyaltyObject/${encodeURIComponent(id)}`, body);
      if (status === 404) log.debug({ objectId: id }, "google wallet: card not saved to a wallet, nothing to update");
    },
    async expireCard(serial) {
      const id = objectId(settings, serial);
      const status = await patch(`/loyaltyObject/${encodeURIComponent(id)}`, EXPIRED_PASS);
      if (status === 404) log.debug({ objectId: id }, "google wallet: deleted card never saved, nothing to expire");
    },
    async updateClass(businessId, design) {
      const id = classId(settings, businessId);
      const status = await patch(`/loyaltyClass/${encodeURIComponent(id)}`, classLook(design));
      if (status === 404) log.debug({ classId: id }, "google wallet: class never saved, nothing to update");
    },
    async updateLook(serial, design) {
      const id = objectId(settings, serial);
      const status = await patch(`/loyaltyObject/${encodeURIComponent(id)}`, objectLook(design));
      if (status === 404) log.debug({ objectId: id }, "google wallet: card not saved to a wallet, no design to update");
    },
    async updateMessages(serial, messages, notify) {
      const path = `/loyaltyObject/${encodeURIComponent(objectId(settings, serial))}`;
      try {
        return (await patch(path, { messages: loyaltyMessages(messages, notify) })) !== 404;
      } catch (err) {
        if (!(err instanceof GoogleError && isQuotaError(err))) throw err;
        log.info({ serial }, "google wallet: notification quota reached, message added without one");
        return (await patch(path, { messages: loyaltyMessages(messages) })) !== 404;
      }
    },
  };
}
