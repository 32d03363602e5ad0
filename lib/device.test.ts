import { walletDevice } from "./device";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
};

describe("walletDevice", () => {
  it("offers Apple Wallet on iOS (any browser) and Safari on macOS", () => {
    expect(walletDevice(UA.iphone)).toEqual({ apple: true, google: false });
    expect(walletDevice(UA.iphoneChrome)).toEqual({ apple: true, google: false });
    expect(walletDevice(UA.macSafari)).toEqual({ apple: true, google: true });
  });
  it("offers Google Wallet on Android and desktop browsers", () => {
    expect(walletDevice(UA.android)).toEqual({ apple: false, google: true });
    expect(walletDevice(UA.windows)).toEqual({ apple: false, google: true });
    expect(walletDevice(UA.macChrome)).toEqual({ apple: false, google: true });
    expect(walletDevice("")).toEqual({ apple: false, google: true });
  });
});
