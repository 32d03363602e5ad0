"use client";

import { NextIntlClientProvider, useTranslations } from "next-intl";
import Link from "next/link";
import QRCode from "qrcode";
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { cardMessages, kindMessages, langAttributes } from "@/lib/card-intl";
import { webKind } from "@/components/kinds";
import { isLocale } from "@/contract/locales";
import { counterCalls } from "@/contract/client-calls";
import { ApiError, callApi, callUrl } from "@/lib/browser/api-client";
import type { CounterCode } from "@/contract/qr-codes";
import { counterColours } from "@/lib/counter-colours";
import { confirmation, type Stamp } from "@/lib/counter-confirmation";

/** `offline`: the screen lost the network (its words are the card's, chosen at render). */
type Problem = { status: number; message: string; offline?: "retry" | "link" };

/** How long a confirmation stays on the screen. */
const CONFIRM_MS = 4000;

async function fetchCode(qrId: number): Promise<CounterCode | Problem> {
  try {
    return (await callApi(counterCalls.counterCode, { query: { qr_id: qrId } })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      return { status: error.status, message: error.message };
    }
    return { status: 503, message: "The screen is offline: it tries again by itself.", offline: "retry" };
  }
}

/**
 * A device link's token, claimed once: the BFF keeps it in the tablet's httpOnly cookie, and the
 * URL loses it. Ready when there is none or the claim is answered.
 */
function useDeviceClaim(qrId: number, token: string | undefined) {
  const [state, setState] = useState<{ ready: boolean; problem: Problem | null }>({ ready: !token, problem: null });
  useEffect(() => {
    if (!token) return;
    void (async () => {
      let problem: Problem | null = null;
      try {
        await callApi(counterCalls.counterDeviceClaim, { body: { token } });
      } catch (error) {
        problem =
          error instanceof ApiError && error.status !== 0 && error.status < 500
            ? { status: error.status, message: error.message }
            : { status: 503, message: "The screen is offline: open the link again.", offline: "link" };
      }
      window.history.replaceState(null, "", `/counter/${qrId}`);
      setState({ ready: true, problem });
    })();
  }, [qrId, token]);
  return state;
}

/** The code: fetched again when it expires (rotating) or every few minutes (static). */
function useCounterCode(qrId: number, ready: boolean) {
  const [code, setCode] = useState<CounterCode | Problem | null>(null);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const load = async () => {
      const next = await fetchCode(qrId);
      if (stopped) return;
      // Offline: the last code stays up. Signed out or revoked: the screen says so.
      setCode((previous) =>
        "url" in next || next.status < 500 || !previous || !("url" in previous) ? next : previous,
      );
      const ok = "url" in next;
      const wait =
        ok && next.expires_at ? Math.max(500, Date.parse(next.expires_at) - Date.now() + 250) : ok ? 300_000 : 5000;
      timer = setTimeout(() => void load(), wait);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [qrId, ready]);
  return code;
}

/** How long the screen waits before opening its stream again after a refusal (429, 401). */
const REOPEN_MS = 15_000;

/**
 * Stamps through this QR code, from the server-sent events. EventSource reconnects by itself after
 * a drop, but gives up on an answer that is not a stream (too many open, signed out): the screen
 * tries again a little later.
 */
function useStamps(qrId: number, ready: boolean) {
  const [last, setLast] = useState<(Stamp & { key: number }) | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const current = new EventSource(callUrl(counterCalls.counterEvents, { query: { qr_id: qrId } }));
      source = current;
      current.onopen = () => setLive(true);
      current.onerror = () => {
        setLive(false);
        if (current.readyState === EventSource.CLOSED) timer = setTimeout(open, REOPEN_MS);
      };
      current.addEventListener("stamp", (event) => {
        setLast({ ...(JSON.parse((event as MessageEvent<string>).data) as Stamp), key: Date.now() });
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [qrId, ready]);
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [last]);
  return { last, live };
}

function useSvg(url: string | null) {
  const [svg, setSvg] = useState("");
  useEffect(() => {
    if (!url) return;
    void QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 }).then(setSvg);
  }, [url]);
  return svg;
}

/**
 * The screen's colours: the business's brand colour (the card design's `background_color`, once
 * the code carries it) with black or white text, whichever keeps AA contrast.
 */
function colourStyle(code: CounterCode | null): CSSProperties {
  const brand =
    code && "background_color" in code && typeof code.background_color === "string" ? code.background_color : null;
  const { background, text } = counterColours(brand);
  return { "--counter-bg": background, "--counter-text": text } as CSSProperties;
}

function Countdown({ expiresAt }: { expiresAt: string }) {
  const t = useTranslations("card");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return (
    <p className="counter-countdown" aria-hidden="true">
      {t("newCodeIn", { seconds: left })}
    </p>
  );
}

/**
 * The screen in the business's language once its data says which (card designer; read as optional
 * until the counter contract carries it), else in the page's (the customer's browser).
 */
function InCardLanguage({ locale, children }: { locale: unknown; children: ReactNode }) {
  if (!isLocale(locale)) return children;
  return (
    <NextIntlClientProvider
      locale={langAttributes(locale).lang}
      messages={{ card: cardMessages(locale), kinds: kindMessages(locale) }}
    >
      <div className="counter-lang" {...langAttributes(locale)}>
        {children}
      </div>
    </NextIntlClientProvider>
  );
}

export function CounterScreen({ qrId, deviceLink }: { qrId: number; deviceLink?: string }) {
  const t = useTranslations("card");
  const claim = useDeviceClaim(qrId, deviceLink);
  const fetched = useCounterCode(qrId, claim.ready && !claim.problem);
  const code = claim.problem ?? fetched;
  const { last, live } = useStamps(qrId, claim.ready && !claim.problem && !!fetched && "url" in fetched);
  const data = code && "url" in code ? code : null;
  const svg = useSvg(data?.url ?? null);

  if (code && !("url" in code)) {
    const text =
      code.status === 401
        ? t("counterSignedOut")
        : code.status === 403
          ? t("counterOtherScreen")
          : code.status === 404
            ? t("counterNotYours")
            : code.offline === "retry"
              ? t("counterOffline")
              : code.offline === "link"
                ? t("counterOfflineLink")
                : code.message;
    return (
      <main className="counter counter-problem" style={colourStyle(null)}>
        <h1>{t("counterTitle")}</h1>
        <p>{text}</p>
        {code.status === 401 && (
          <Link className="counter-link" href="/login">
            {t("signIn")}
          </Link>
        )}
      </main>
    );
  }
  return (
    <InCardLanguage locale={data?.design?.locale}>
      <CounterView data={data} svg={svg} live={live} last={last} />
    </InCardLanguage>
  );
}

function CounterView({
  data,
  svg,
  live,
  last,
}: {
  data: CounterCode | null;
  svg: string;
  live: boolean;
  last: ReturnType<typeof useStamps>["last"];
}) {
  const t = useTranslations("card");
  const kt = useTranslations(webKind(data?.reward_kind).ns);
  return (
    <main className="counter" data-live={live ? "true" : "false"} style={colourStyle(data)}>
      <section className="counter-code" aria-label={t("counterQrLabel")}>
        {svg ? (
          <div
            className="counter-qr"
            data-testid="counter-qr"
            data-url={data?.url}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        ) : (
          <div className="counter-qr counter-qr-empty" aria-hidden="true" />
        )}
        {data?.expires_at && <Countdown key={data.expires_at} expiresAt={data.expires_at} />}
      </section>
      <section className="counter-info">
        {data?.business_logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- a stored logo served by our API, already sized
          <img className="counter-logo" src={data.business_logo} alt="" />
        ) : (
          data && (
            <span className="counter-logo counter-logo-empty" aria-hidden="true">
              {data.business_name.slice(0, 1)}
            </span>
          )
        )}
        <h1 className="counter-business">{data?.business_name ?? " "}</h1>
        {data?.reward_title && (
          <p className="counter-reward">
            {kt.rich("headline", {
              count: data.stamps_required ?? 0,
              title: data.reward_title,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        )}
        <p className="counter-call">{kt("counterCall")}</p>
        <p className="counter-status small">{live ? t("connected") : t("connecting")}</p>
      </section>
      <div className="counter-confirm" role="status" aria-live="assertive">
        {last && (
          <div className="counter-confirmation" key={last.key} data-testid="counter-confirmation">
            <span className="counter-check" aria-hidden="true">
              ✓
            </span>
            <p>
              {confirmation(last, {
                what: (what) => t("confirmWhat", { what }),
                of: (value, max) => t("progress", { value, max }),
              })}
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
