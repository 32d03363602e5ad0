import { fileUrl } from "../../../../contract/files";
import { localeOrDefault } from "../../i18n";
import type { CardRow, ResolvedQr, RewardRow } from "../loyalty/cards/cards";
import type { CardTerms } from "../loyalty/cards/card-balance";
import type { GoogleWalletDeps } from "./deps";
import { classDesign } from "./design";
import type { PassBusiness, PassCard } from "./passes";

/** The app's own icon stands in for a business without a logo (Google requires a programme logo). */
const FALLBACK_LOGO = "/icons/icon-512.png";

export const passReward = (reward: RewardRow | null): PassCard["reward"] =>
  reward && { title: reward.title, stampsRequired: reward.stampsRequired };

/** The "Save to Google Wallet" link of a card on the customer's device, or null when not configured. */
export function googleSaveLink(
  { googleWallet, publicAppUrl }: Pick<GoogleWalletDeps, "googleWallet" | "publicAppUrl">,
  card: CardRow,
  customerName: string,
  resolved: Pick<ResolvedQr, "business" | "reward">,
  locations: PassBusiness["locations"] = [],
  messages: PassCard["messages"] = [],
  terms?: CardTerms,
): string | null {
  const { business } = resolved;
  const logoPath = business.logoFileId ? fileUrl(business.logoFileId) : FALLBACK_LOGO;
  const design = classDesign(publicAppUrl, { ...business, businessName: business.name });
  const locale = localeOrDefault(business.cardLocale);
  return googleWallet.saveLink(
    {
      id: business.id,
      name: business.name,
      logoUrl: `${publicAppUrl}${logoPath}`,
      locations,
      design,
      locale,
    },
    {
      serial: card.serial,
      customerName,
      stamps: card.stamps,
      reward: passReward(resolved.reward),
      messages,
      terms,
      locale,
    },
  );
}
