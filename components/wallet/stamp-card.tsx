import QRCode from "qrcode";
import type { CSSProperties, ReactNode } from "react";
import type { CardLook } from "@/contract/card-design";
import { meetsAA } from "@/contract/contrast";
import type { WalletCard } from "@/contract/wallet";
import { cardTranslator, type CardLocale, type CardTranslator } from "@/lib/card-intl";
import { cardFace } from "@/components/kinds/card-face";

/**
 * The customer's card: stamp grid, progress, the reward when ready, and the card's own QR for staff.
 * A points or cashback card shows its balance in its own terms instead of the grid.
 */
export async function StampCard({
  card,
  locale = "en",
  design,
}: {
  card: WalletCard;
  locale?: CardLocale;
  /** The business's card design: its band and stamps in the owner's colours. */
  design?: CardLook;
}) {
  const t = cardTranslator(locale);
  if (cardFace(card.kind) === "balance") return <BalanceCard card={card} t={t} design={design} />;
  const required = card.stamps_required;
  const cells = required ?? Math.max(card.stamps, 1);
  const extra = required && card.stamps > required ? card.stamps - required : 0;
  // Rendered here, on the server: the phone gets the SVG itself, no QR library in its JavaScript.
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return (
    <DesignedCard design={design}>
      <div className="wallet-card-head">
        <h2 id="card-title">{t("cardOf", { name: card.customer_name })}</h2>
        <p className="wallet-count">
          {t.rich("count", {
            stamps: card.stamps,
            required: required ? String(required) : "none",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </div>
      <ol className="wallet-grid" aria-label={t("collected", { count: card.stamps })}>
        {Array.from({ length: cells }, (_, i) => (
          <li key={i} className={i < card.stamps ? "wallet-stamp filled" : "wallet-stamp"} aria-hidden="true">
            {i < card.stamps ? "★" : i + 1}
          </li>
        ))}
      </ol>
      {extra > 0 && <p className="small muted">{t("towardsNext", { count: extra })}</p>}
      {required && (
        <progress className="wallet-progress" max={required} value={Math.min(card.stamps, required)}>
          {t("progress", { value: Math.min(card.stamps, required), max: required })}
        </progress>
      )}
      {card.reward_ready ? (
        <p className="wallet-ready" role="status">
          {t("ready")}
          {card.reward_title && <span>{card.reward_title}</span>}
        </p>
      ) : (
        required &&
        card.reward_title && (
          <p className="small muted">{t("moreFor", { count: required - card.stamps, title: card.reward_title })}</p>
        )
      )}
      <CardCode serial={card.serial} svg={svg} what="stamps" t={t} />
      <p className="small muted">{t("lifetime", { stamps: card.lifetime_stamps, rewards: card.rewards_redeemed })}</p>
    </DesignedCard>
  );
}

/**
 * The card's frame: with a design, a band in the owner's colours (title, strip image) and the
 * stamps filled in its background colour with the text colour readable on it (contrast.ts).
 */
function DesignedCard({ design, children }: { design?: CardLook; children: ReactNode }) {
  if (!design) {
    return (
      <section className="wallet-card" aria-labelledby="card-title">
        {children}
      </section>
    );
  }
  const colours = {
    "--card-bg": design.background_color,
    // The owner's text colour where it reads on the background (the designer warns otherwise).
    "--card-fg": meetsAA(design.foreground_color, design.background_color)
      ? design.foreground_color
      : design.text_color,
    "--card-on-bg": design.text_color,
  } as CSSProperties;
  return (
    <section className="wallet-card designed" aria-labelledby="card-title" style={colours}>
      <div className="wallet-card-band">
        <p className="wallet-card-title">{design.title}</p>
        {design.strip_url && (
          // eslint-disable-next-line @next/next/no-img-element -- a stored image served by our API, already sized
          <img src={design.strip_url} alt="" className="wallet-card-strip" width={1125} height={369} />
        )}
      </div>
      {children}
    </section>
  );
}

/** The card's own QR code, which staff scan. */
function CardCode({
  serial,
  svg,
  what,
  t,
}: {
  serial: string;
  svg: string;
  what: WalletCard["kind"];
  t: CardTranslator;
}) {
  return (
    <figure className="wallet-qr">
      <div
        className="wallet-qr-image"
        role="img"
        aria-label={t("codeLabel", { serial })}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption>
        {t("staffScan", { what })}
        <code>{serial}</code>
      </figcaption>
    </figure>
  );
}

/** A points or cashback card: "340 points — 60 to Free lunch" or "€4.60 to spend", and what it affords now. */
async function BalanceCard({ card, t, design }: { card: WalletCard; t: CardTranslator; design?: CardLook }) {
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const options = card.options ?? [];
  return (
    <DesignedCard design={design}>
      <div className="wallet-card-head">
        <h2 id="card-title">{t("cardOf", { name: card.customer_name })}</h2>
        {/* The API's words, in the card's language (its catalogue is the server's). */}
        <p className="wallet-count" data-testid="card-balance" data-api-text>
          <strong>{card.balance_text}</strong>
        </p>
      </div>
      {options.length > 0 && (
        <div className="wallet-ready" role="status">
          {t("readyToRedeem")}
          <ul className="small">
            {options.map((o) => (
              <li key={o.id}>{t("option", { title: o.title, points: o.points })}</li>
            ))}
          </ul>
        </div>
      )}
      <CardCode serial={card.serial} svg={svg} what={card.kind} t={t} />
      <p className="small muted">{t("redeemed", { count: card.rewards_redeemed })}</p>
    </DesignedCard>
  );
}
