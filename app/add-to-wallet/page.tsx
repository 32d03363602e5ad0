import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { CardOffline } from "@/components/wallet/card-offline";
import { CardMessages } from "@/components/wallet/card-messages";
import { CardPrivacy } from "@/components/wallet/card-privacy";
import { JoinCard } from "@/components/wallet/join-card";
import { LocalTime } from "@/components/wallet/local-time";
import { PublicScanner } from "@/components/wallet/public-scanner";
import { StampCard } from "@/components/wallet/stamp-card";
import { WalletButtons } from "@/components/wallet/wallet-buttons";
import { COUNTER_EXPIRED, QR_TOKEN_PATTERN } from "@/lib/contract/qr-codes";
import { LAST_CARD_COOKIE, type WalletCard } from "@/lib/contract/wallet";
import { walletDevice } from "@/lib/device";
import { webEnv } from "@/lib/env";
import { APP_NAME } from "@/lib/site";
import { qrDetail, selfScan, walletCard } from "@/lib/wallet-server";
import "./wallet.css";

export const metadata: Metadata = {
  title: "Your stamp card",
  robots: { index: false },
  appleWebApp: { capable: true, title: "My card", statusBarStyle: "default" },
  // Both: a page's `icons` replaces the root layout's (without `icon`, browsers ask for /favicon.ico).
  icons: { icon: "/icon.svg", apple: "/icons/apple-touch-icon.png" },
  // The installable app is the card (app/manifest.webmanifest/route.ts): linked from here only.
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = { themeColor: "#4f46e5" };

/** Every visit is a scan for this device's card: the page renders per request, never prerendered. */
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="wallet-shell">
      <main className="wallet-main" id="main">
        {children}
      </main>
      <footer className="wallet-footer small muted">
        {APP_NAME} · digital stamp cards · <a href="/privacy-policy">Privacy policy</a>
      </footer>
    </div>
  );
}

function Friendly({ title, text }: { title: string; text: string }) {
  return (
    <Shell>
      <section className="wallet-friendly">
        <h1>{title}</h1>
        <p>{text}</p>
      </section>
      <PublicScanner />
    </Shell>
  );
}

type Notice = { tone: "ok" | "wait"; text: string; nextAt?: string | null };

/** A card serial as the card cookie names it (lib/contract/customers.ts `serialField`). */
const SERIAL_PATTERN = /^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * The target of a business QR code (spec.md §4, product.md §5), rendered on the server: the
 * business, its reward, and this device's card. Opening it with a card already here is a scan:
 * one stamp, unless the reward's cooldown has not passed. `after=join|recover` marks the page the
 * forms lead to, which shows the card without scanning again.
 *
 * The card itself is found by the card (issue 22 §8): with a stale code (regenerated or deleted)
 * or none (the installed app's start page), wallet-card finds the last card opened here by its
 * serial and the device's card key, and the page shows it without stamping. Only joining and
 * stamping need the current code.
 */
export default async function AddToWalletPage({ searchParams }: Props) {
  const [params, cookieStore, requestHeaders] = await Promise.all([searchParams, cookies(), headers()]);
  const scanned = typeof params.qr_token === "string" ? params.qr_token : "";
  const lastCard = cookieStore.get(LAST_CARD_COOKIE)?.value ?? "";
  // The serial of the last card opened here; an app installed before kept a business's QR token.
  const lastSerial = SERIAL_PATTERN.test(lastCard) ? lastCard : undefined;
  // Without a code: the installed app's start page, which opens the last card seen here. It only
  // shows the card: a stamp needs the code at the counter, not a tap on the home screen.
  const home = !scanned;
  const token = scanned || (QR_TOKEN_PATTERN.test(lastCard) ? lastCard : "");
  const after = params.after === "join" || params.after === "recover" ? params.after : null;
  // A rotating QR code's counter code (the counter screen's URL carries it).
  const counterCode = typeof params.code === "string" ? params.code.slice(0, 100) : undefined;
  const noCode = (
    <Friendly
      title="Scan a code to get your card"
      text="Scan the QR code at a business's counter: your stamp card opens here."
    />
  );
  if (home && !token && !lastSerial) return noCode;
  const unknown = (
    <Friendly
      title="This QR code does not work any more"
      text="It may have been replaced. Please ask the staff for the current code, or scan another one."
    />
  );
  if (token && !QR_TOKEN_PATTERN.test(token)) return unknown;

  const [detail, held] = await Promise.all([
    token ? qrDetail(token, counterCode) : null,
    walletCard({ qr_token: token || undefined, serial: lastSerial }),
  ]);
  const failed = (
    <Friendly title="We could not load your card" text="Please check your connection and try again in a moment." />
  );
  // The code is live: the page may join and stamp with it. Stale or absent: only the card shows.
  const live = detail?.status === 200 && detail.envelope?.status ? detail.envelope.data : null;
  if (detail && !live && detail.status !== 404) return failed;
  let card: WalletCard | null = held.envelope?.status ? held.envelope.data : null;
  if (!live && !card) {
    if (held.status === 404 || detail?.status === 404) return unknown;
    return held.status === 200 ? noCode : failed;
  }
  const place = live ?? card?.place;
  if (!place) return failed;
  const { business, reward, location } = place;
  // A rotating code scanned without its current code (a photo, an old link): no stamp, no join.
  if (live && !live.code_ok && !after && !home) {
    return <Friendly title="This code has expired" text={`${COUNTER_EXPIRED}.`} />;
  }
  // The token the card's buttons may use: only a live one (a stale one is never handed on).
  const liveToken = live ? token : undefined;

  let notice: Notice | null = null;
  if (!live && !home) {
    notice = {
      tone: "wait",
      text: "This QR code has been replaced. Here is your card: scan the current code at the counter to collect your next stamp.",
    };
  }
  if (after === "join" && card) notice = { tone: "ok", text: "Welcome! Your card has its first stamp." };
  if (after === "recover" && card) {
    notice = {
      tone: "ok",
      text: "Your card is on this phone again. Other devices holding this card were signed out, and its old QR code no longer works.",
    };
  }
  if (live && card && !after && !home) {
    const scan = await selfScan(token, counterCode);
    const result = scan.envelope?.status ? scan.envelope.data : null;
    if (result) {
      notice =
        result.action === "wait"
          ? result.next_stamp_at
            ? {
                tone: "wait",
                text: "You already collected a stamp here. Next stamp from",
                nextAt: result.next_stamp_at,
              }
            : { tone: "wait", text: "You already collected a stamp with this code." }
          : { tone: "ok", text: scan.envelope!.message };
      card = {
        ...card,
        stamps: result.stamps,
        reward_ready: result.reward_ready,
        next_stamp_at: result.next_stamp_at,
        balance_text: result.balance_text ?? card.balance_text,
        options: result.options ?? card.options,
      };
      if (result.action === "stamp") card = { ...card, lifetime_stamps: card.lifetime_stamps + 1 };
      // The save link carries the stamps: sign it again so a pass saved now starts with this one.
      if (result.action === "stamp" && card.wallet_links.google) {
        const fresh = await walletCard({ qr_token: token });
        if (fresh.envelope?.status && fresh.envelope.data) card = fresh.envelope.data;
      }
    } else if (scan.status === 422 && scan.envelope?.message === COUNTER_EXPIRED) {
      return <Friendly title="This code has expired" text={`${COUNTER_EXPIRED}.`} />;
    } else if (scan.status === 422 && scan.envelope) {
      // A scan the rules refuse (no programme running): say why; nothing was written.
      notice = { tone: "wait", text: scan.envelope.message };
    }
  }
  const env = webEnv();
  const device = walletDevice(requestHeaders.get("user-agent"));
  const stores = { appStore: env.NEXT_PUBLIC_APP_STORE_URL, playStore: env.NEXT_PUBLIC_PLAY_STORE_URL };

  return (
    <Shell>
      {card && <CardOffline serial={card.serial} />}
      <header className="wallet-business">
        {business.logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- a stored logo served by our API, already sized
          <img src={business.logo} alt="" width={64} height={64} className="wallet-logo" />
        ) : (
          <span className="wallet-logo wallet-logo-empty" aria-hidden="true">
            {business.name.slice(0, 1)}
          </span>
        )}
        <div>
          <h1>{business.name}</h1>
          {(location ?? business.city) && <p className="small muted">{location ?? business.city}</p>}
        </div>
      </header>

      {reward ? (
        <section className="wallet-reward" aria-label="Reward">
          <p className="wallet-reward-line">
            {(reward.kind ?? "stamps") === "stamps" ? (
              <>
                Collect {reward.stamps_required} stamps, get <strong>{reward.title}</strong>
              </>
            ) : (
              <strong>{reward.title}</strong>
            )}
          </p>
          {reward.description && <p className="small muted">{reward.description}</p>}
        </section>
      ) : (
        <p className="wallet-notice">No stamp programme is running here at the moment.</p>
      )}

      {notice && (
        <p className={notice.tone === "wait" ? "wallet-notice wait" : "wallet-notice ok"} role="status">
          {notice.text}
          {notice.nextAt && (
            <>
              {" "}
              <LocalTime iso={notice.nextAt} />.
            </>
          )}
        </p>
      )}

      {card ? (
        <StampCard card={card} />
      ) : (
        reward && liveToken && <JoinCard qrToken={liveToken} businessName={business.name} counterCode={counterCode} />
      )}
      {card && home && (
        <p className="small muted">
          {card.kind && card.kind !== "stamps"
            ? "Scan the code at the counter on your next visit."
            : "Scan the code at the counter to collect your next stamp."}
        </p>
      )}
      {card?.messages && <CardMessages messages={card.messages} card={{ qr_token: liveToken, serial: card.serial }} />}
      {card && <WalletButtons links={card.wallet_links} device={device} stores={stores} />}
      {card && <CardPrivacy qrToken={liveToken} serial={card.serial} birthday={card.birthday ?? null} />}
      <PublicScanner />
    </Shell>
  );
}
