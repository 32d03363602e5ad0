import QRCode from "qrcode";
import type { Locale } from "@/lib/contract/locales";
import type { WalletCard } from "@/lib/contract/wallet";
import { cardTranslator, type CardTranslator } from "@/lib/card-intl";

/**
 * The customer's card: stamp grid, progress, the reward when ready, and the card's own QR for staff.
 * A points or cashback card shows its balance in its own terms instead of the grid (issue 23).
 */
export async function StampCard({ card, locale = "en" }: { card: WalletCard; locale?: Locale }) {
  const t = cardTranslator(locale);
  if (card.kind && card.kind !== "stamps") return <BalanceCard card={card} t={t} />;
  const required = card.stamps_required;
  const cells = required ?? Math.max(card.stamps, 1);
  const extra = required && card.stamps > required ? card.stamps - required : 0;
  // Rendered here, on the server: the phone gets the SVG itself, no QR library in its JavaScript.
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return (
    <section className="wallet-card" aria-labelledby="card-title">
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
  what: "stamps" | "points" | "cashback";
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
async function BalanceCard({ card, t }: { card: WalletCard; t: CardTranslator }) {
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const options = card.options ?? [];
  return (
    <section className="wallet-card" aria-labelledby="card-title">
      <div className="wallet-card-head">
        <h2 id="card-title">{t("cardOf", { name: card.customer_name })}</h2>
        <p className="wallet-count" data-testid="card-balance">
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
      <CardCode serial={card.serial} svg={svg} what={card.kind === "points" ? "points" : "cashback"} t={t} />
      <p className="small muted">{t("redeemed", { count: card.rewards_redeemed })}</p>
    </section>
  );
}
