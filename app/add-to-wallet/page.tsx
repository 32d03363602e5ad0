import { LOCALE_COOKIE } from "@/lib/i18n/locale-cookie";
import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { CardOffline } from "@/components/wallet/card-offline";
import { CardMessages } from "@/components/wallet/card-messages";
import { CardVouchers } from "@/components/wallet/card-vouchers";
import { CardLevel } from "@/components/wallet/card-level";
import { CardPrivacy } from "@/components/wallet/card-privacy";
import { ReferralLink } from "@/components/wallet/referral-link";
import { HappyHours } from "@/components/wallet/happy-hours";
import { LocalTime } from "@/components/wallet/local-time";
import { PublicScanner } from "@/components/wallet/public-scanner";
import { StampCard } from "@/components/wallet/stamp-card";
import { cardLocale, cardTranslator, kindTranslator, langAttributes, type CardLocale } from "@/lib/card-intl";
import { kindNs } from "@/components/kinds/ns";
import { requestCardLocale } from "@/lib/server/card-intl";
import { cardIntl } from "@/components/wallet/card-intl";
import { JoinCardWithIntl } from "@/components/wallet/card-intl-parts";
import { WalletButtons } from "@/components/wallet/wallet-buttons";
import { privacyWords, referralWords, scannerWords } from "@/components/wallet/card-words";
import { COUNTER_EXPIRED, QR_TOKEN_PATTERN } from "@/contract/qr-codes";
import { LAST_CARD_COOKIE, type WalletCard } from "@/contract/wallet";
import { walletDevice } from "@/lib/device";
import { webEnv } from "@/lib/server/env";
import { APP_NAME } from "@/lib/site";
import { qrDetail, selfScan, walletCard } from "@/lib/server/wallet";
import "./wallet.css";

/** The tab's title in the customer's language (the business's is known only once its card loads). */
export async function generateMetadata(): Promise<Metadata> {
  const t = cardTranslator(await requestCardLocale());
  return {
    ...metadata,
    title: t("metaTitle"),
    appleWebApp: { capable: true, title: t("manifestShortName"), statusBarStyle: "default" },
  };
}

const metadata: Metadata = {
  title: "Your stamp card",
  robots: { index: false },
  // Both: a page's `icons` replaces the root layout's (without `icon`, browsers ask for /favicon.ico).
  icons: { icon: "/icon.svg", apple: "/icons/apple-touch-icon.png" },
  // The installable app is the card (app/manifest.webmanifest/route.ts): linked from here only.
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = { themeColor: "#4f46e5" };

/** Every visit is a scan for this device's card: the page renders per request, never prerendered. */
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The page in the card's language: `lang`/`dir` on its root, its client parts given the same locale. */
function Shell({ locale, children }: { locale: CardLocale; children: ReactNode }) {
  const t = cardTranslator(locale);
  return (
    <div className="wallet-shell" {...langAttributes(locale)}>
      <main className="wallet-main" id="main">
        {children}
      </main>
      <footer className="wallet-footer small muted">
        {t("footer", { appName: APP_NAME })} · <Link href="/privacy-policy">{t("privacyPolicy")}</Link>
      </footer>
    </div>
  );
}

function Friendly({ locale, title, text }: { locale: CardLocale; title: string; text: string }) {
  return (
    <Shell locale={locale}>
      <section className="wallet-friendly">
        <h1>{title}</h1>
        <p>{text}</p>
      </section>
      <PublicScanner words={scannerWords(cardTranslator(locale))} />
    </Shell>
  );
}

type Notice = { tone: "ok" | "wait"; text: string; nextAt?: string | null };

/** A card serial as the card cookie names it (contract/customers.ts `serialField`). */
const SERIAL_PATTERN = /^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * The target of a business QR code, rendered on the server: the
 * business, its reward, and this device's card. Opening it with a card already here is a scan:
 * one stamp, unless the reward's cooldown has not passed. `after=join|recover` marks the page the
 * forms lead to, which shows the card without scanning again.
 *
 * The card itself is found by the card: with a stale code (regenerated or deleted)
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
  // A friend's referral link carries their card's code.
  const referralCode = typeof params.ref === "string" ? params.ref.slice(0, 40) : undefined;
  // Before the business is known: the customer's language.
  const browserLocale = cardLocale(null, cookieStore.get(LOCALE_COOKIE)?.value, requestHeaders.get("accept-language"));
  const tb = cardTranslator(browserLocale);
  const noCode = <Friendly locale={browserLocale} title={tb("noCodeTitle")} text={tb("noCodeText")} />;
  if (home && !token && !lastSerial) return noCode;
  const unknown = <Friendly locale={browserLocale} title={tb("unknownTitle")} text={tb("unknownText")} />;
  if (token && !QR_TOKEN_PATTERN.test(token)) return unknown;

  const [detail, held] = await Promise.all([
    token ? qrDetail(token, counterCode) : null,
    walletCard({ qr_token: token || undefined, serial: lastSerial }, browserLocale),
  ]);
  const failed = <Friendly locale={browserLocale} title={tb("failedTitle")} text={tb("failedText")} />;
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
  const { business, location } = place;
  // The card's own programme (wallet-card answers it), else the code's: a customer holds one card
  // per business, so a code of another programme of the business shows this card and its terms.
  const reward = card?.place ? card.place.reward : place.reward;
  // The card's language: the business's (card designer), else the customer's.
  const locale = cardLocale(
    business.design?.locale,
    cookieStore.get(LOCALE_COOKIE)?.value,
    requestHeaders.get("accept-language"),
  );
  const t = cardTranslator(locale);
  const kt = kindTranslator(locale, kindNs(card?.kind ?? reward?.kind));
  const expired = <Friendly locale={locale} title={t("expiredTitle")} text={`${COUNTER_EXPIRED}.`} />;
  // A rotating code scanned without its current code (a photo, an old link): no stamp, no join.
  if (live && !live.code_ok && !after && !home) return expired;
  // The token the card's buttons may use: only a live one (a stale one is never handed on).
  const liveToken = live ? token : undefined;

  let notice: Notice | null = null;
  if (!live && !home) {
    notice = {
      tone: "wait",
      text: kt("replaced"),
    };
  }
  if (after === "join" && card) notice = { tone: "ok", text: kt("welcome") };
  if (after === "recover" && card) notice = { tone: "ok", text: t("recovered") };
  if (live && card && !after && !home) {
    const scan = await selfScan(token, counterCode, locale);
    const result = scan.envelope?.status ? scan.envelope.data : null;
    if (result) {
      notice =
        result.action === "wait"
          ? result.next_stamp_at
            ? { tone: "wait", text: kt("waitUntil"), nextAt: result.next_stamp_at }
            : { tone: "wait", text: kt("waitCode") }
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
        const fresh = await walletCard({ qr_token: token }, locale);
        if (fresh.envelope?.status && fresh.envelope.data) card = fresh.envelope.data;
      }
    } else if (scan.status === 422 && (await qrDetail(token, counterCode)).envelope?.data?.code_ok === false) {
      // The code turned over between the page's check and the scan (the refusal is in the card's
      // language, so the code's own state says which refusal it was).
      return expired;
    } else if (scan.status === 422 && scan.envelope) {
      // A scan the rules refuse (no programme running): say why; nothing was written.
      notice = { tone: "wait", text: scan.envelope.message };
    }
  }
  const env = webEnv();
  const device = walletDevice(requestHeaders.get("user-agent"));
  const stores = { appStore: env.NEXT_PUBLIC_APP_STORE_URL, playStore: env.NEXT_PUBLIC_PLAY_STORE_URL };

  return (
    <Shell locale={locale}>
      {card && <CardOffline serial={card.serial} offlineText={t("offline")} />}
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
        <section className="wallet-reward" aria-label={t("reward")}>
          <p className="wallet-reward-line">
            {kt.rich("headline", {
              count: reward.stamps_required,
              title: reward.title,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {reward.description && <p className="small muted">{reward.description}</p>}
        </section>
      ) : (
        <p className="wallet-notice">{t("noProgramme")}</p>
      )}

      {notice && (
        <p className={notice.tone === "wait" ? "wallet-notice wait" : "wallet-notice ok"} role="status">
          {notice.text}
          {notice.nextAt && (
            <>
              {" "}
              <LocalTime iso={notice.nextAt} locale={langAttributes(locale).lang} />.
            </>
          )}
        </p>
      )}

      {card ? (
        <StampCard card={card} locale={locale} design={business.design} />
      ) : (
        reward &&
        liveToken && (
          <JoinCardWithIntl
            intl={await cardIntl(locale)}
            qrToken={liveToken}
            businessName={business.name}
            counterCode={counterCode}
            referralCode={referralCode}
            referralTrigger={reward?.referral_trigger}
            kind={reward.kind}
          />
        )
      )}
      {card && home && <p className="small muted">{kt("next")}</p>}
      {card && <CardLevel level={card.level} text={card.level_text} locale={locale} />}
      {card?.promotions_today && <HappyHours promotions={card.promotions_today} t={t} kt={kt} />}
      {card?.referral_url && (
        <ReferralLink url={card.referral_url} businessName={business.name} words={referralWords(t, business.name)} />
      )}
      {card?.vouchers && <CardVouchers vouchers={card.vouchers} locale={locale} />}
      {card?.messages && (
        <CardMessages messages={card.messages} card={{ qr_token: liveToken, serial: card.serial }} locale={locale} />
      )}
      {card && <WalletButtons links={card.wallet_links} device={device} stores={stores} locale={locale} />}
      {card && (
        <CardPrivacy
          qrToken={liveToken}
          serial={card.serial}
          birthday={card.birthday ?? null}
          words={privacyWords(t)}
        />
      )}
      {card?.preferences_url && (
        <p className="small">
          <a href={card.preferences_url}>{t("manageMessages")}</a>
        </p>
      )}
      <PublicScanner words={scannerWords(t)} />
    </Shell>
  );
}
