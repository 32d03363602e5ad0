import { applePassUrl } from "../../../../contract/apple-wallet";
import type { CardMessage } from "../../../../contract/notifications";
import type { WalletLinks } from "../../../../contract/wallet";
import { googleSaveLink } from "../google-wallet/save-link";
import type { CardTerms } from "../loyalty/cards/card-balance";
import type { CardRow, ResolvedQr } from "../loyalty/cards/cards";
import type { PassLocation } from "../loyalty/cards/pass-locations";
import type { WalletDeps } from "./deps";

/**
 * The wallet links of a card on the customer's device (reached from its live business QR token, or
 * by its own serial when the page had none):
 * Apple's .pkpass download and Google's signed save link, each null when that wallet is not
 * configured on this server.
 */
export function walletLinks(
  { config, googleWallet }: Pick<WalletDeps, "config" | "googleWallet">,
  card: CardRow,
  customerName: string,
  resolved: Pick<ResolvedQr, "business" | "reward">,
  qrToken: string | undefined,
  locations: PassLocation[] = [],
  messages: CardMessage[] = [],
  terms?: CardTerms,
): WalletLinks {
  return {
    apple: config.appleWallet ? applePassUrl({ qr_token: qrToken, serial: card.serial }) : null,
    google: googleSaveLink(
      { googleWallet, publicAppUrl: config.publicAppUrl },
      card,
      customerName,
      resolved,
      locations,
      messages,
      terms,
    ),
  };
}
