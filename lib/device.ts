/**
 * Which wallet a device can use, from its user agent (decided on the server: no client JavaScript).
 * Apple Wallet: iPhone/iPad (any browser there is WebKit and hands .pkpass to Wallet) and Safari
 * on macOS (it opens passes too; iPadOS Safari also reports itself as a Mac). Google Wallet:
 * Android and desktop browsers (a desktop save lands in the account's wallet on the phone).
 */
export type WalletDevice = { apple: boolean; google: boolean };

export function walletDevice(userAgent: string | null | undefined): WalletDevice {
  const ua = userAgent ?? "";
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua);
  const android = /\bAndroid\b/.test(ua);
  const mac = /\bMacintosh\b/.test(ua);
  const safari = /\bSafari\//.test(ua) && !/\b(Chrome|Chromium|CriOS|FxiOS|Edg|EdgiOS|OPR|Firefox)\//.test(ua);
  return { apple: ios || (mac && safari), google: android || (!ios && !android) };
}
