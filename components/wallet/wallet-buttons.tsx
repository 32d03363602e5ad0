import { StoreBadges, type StoreLinks } from "@/components/app/store-badges";
import type { WalletLinks } from "@/contract/wallet";
import type { WalletDevice } from "@/lib/device";
import { cardTranslator, type CardLocale } from "@/lib/card-intl";

/** A plain wallet glyph of our own (the wallets' trademarked artwork cannot be copied in here). */
function WalletGlyph() {
  return (
    <svg
      className="wallet-button-glyph"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2" y="5" width="20" height="15" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M2 9.5h20" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17" cy="14.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

/**
 * The wallet buttons in the badges' style (black, rounded, two-line wording), each only where its
 * wallet is configured and this device can use it; then the app store badges, where their links are set.
 */
export function WalletButtons({
  links,
  device,
  stores,
  locale = "en",
}: {
  links: WalletLinks;
  device: WalletDevice;
  stores: StoreLinks;
  locale?: CardLocale;
}) {
  const t = cardTranslator(locale);
  const apple = device.apple ? links.apple : null;
  const google = device.google ? links.google : null;
  if (!apple && !google && !stores.appStore && !stores.playStore) return null;
  return (
    <section className="wallet-buttons" aria-label={t("walletButtons")}>
      {apple && (
        <a className="wallet-button" href={apple} aria-label={t("addToApple")}>
          <WalletGlyph />
          <span className="wallet-button-text" aria-hidden="true">
            <small>{t("addTo")}</small>
            Apple Wallet
          </span>
        </a>
      )}
      {google && (
        <a
          className="wallet-button"
          href={google}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("saveToGoogle")}
        >
          <WalletGlyph />
          <span className="wallet-button-text" aria-hidden="true">
            <small>{t("saveTo")}</small>
            Google Wallet
          </span>
        </a>
      )}
      <StoreBadges links={stores} />
    </section>
  );
}
