import QRCode from "qrcode";
import type { WalletCard } from "@/lib/contract/wallet";

/**
 * The customer's card: stamp grid, progress, the reward when ready, and the card's own QR for staff.
 * A points or cashback card shows its balance in its own terms instead of the grid (issue 23).
 */
export async function StampCard({ card }: { card: WalletCard }) {
  if (card.kind && card.kind !== "stamps") return <BalanceCard card={card} />;
  const required = card.stamps_required;
  const cells = required ?? Math.max(card.stamps, 1);
  const extra = required && card.stamps > required ? card.stamps - required : 0;
  // Rendered here, on the server: the phone gets the SVG itself, no QR library in its JavaScript.
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return (
    <section className="wallet-card" aria-labelledby="card-title">
      <div className="wallet-card-head">
        <h2 id="card-title">{card.customer_name}&apos;s card</h2>
        <p className="wallet-count">
          <strong>{card.stamps}</strong>
          {required ? ` of ${required}` : ""} stamp{card.stamps === 1 && !required ? "" : "s"}
        </p>
      </div>
      <ol className="wallet-grid" aria-label={`${card.stamps} stamps collected`}>
        {Array.from({ length: cells }, (_, i) => (
          <li key={i} className={i < card.stamps ? "wallet-stamp filled" : "wallet-stamp"} aria-hidden="true">
            {i < card.stamps ? "★" : i + 1}
          </li>
        ))}
      </ol>
      {extra > 0 && <p className="small muted">+{extra} towards the next reward</p>}
      {required && (
        <progress className="wallet-progress" max={required} value={Math.min(card.stamps, required)}>
          {Math.min(card.stamps, required)} of {required}
        </progress>
      )}
      {card.reward_ready ? (
        <p className="wallet-ready" role="status">
          Reward ready — show this to staff
          {card.reward_title && <span>{card.reward_title}</span>}
        </p>
      ) : (
        required &&
        card.reward_title && (
          <p className="small muted">
            {required - card.stamps} more for {card.reward_title}
          </p>
        )
      )}
      <CardCode serial={card.serial} svg={svg} what="add stamps" />
      <p className="small muted">
        {card.lifetime_stamps} stamp{card.lifetime_stamps === 1 ? "" : "s"} in all · {card.rewards_redeemed} reward
        {card.rewards_redeemed === 1 ? "" : "s"} redeemed
      </p>
    </section>
  );
}

/** The card's own QR code, which staff scan. */
function CardCode({ serial, svg, what }: { serial: string; svg: string; what: string }) {
  return (
    <figure className="wallet-qr">
      <div
        className="wallet-qr-image"
        role="img"
        aria-label={`Card code ${serial}`}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption>
        Staff scan this code to {what}
        <code>{serial}</code>
      </figcaption>
    </figure>
  );
}

/** A points or cashback card: "340 points — 60 to Free lunch" or "€4.60 to spend", and what it affords now. */
async function BalanceCard({ card }: { card: WalletCard }) {
  const svg = await QRCode.toString(card.serial, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const options = card.options ?? [];
  return (
    <section className="wallet-card" aria-labelledby="card-title">
      <div className="wallet-card-head">
        <h2 id="card-title">{card.customer_name}&apos;s card</h2>
        <p className="wallet-count" data-testid="card-balance">
          <strong>{card.balance_text}</strong>
        </p>
      </div>
      {options.length > 0 && (
        <div className="wallet-ready" role="status">
          Ready to redeem — show this to staff
          <ul className="small">
            {options.map((o) => (
              <li key={o.id}>
                {o.title} ({o.points} points)
              </li>
            ))}
          </ul>
        </div>
      )}
      <CardCode
        serial={card.serial}
        svg={svg}
        what={card.kind === "points" ? "add points or redeem them" : "add cashback or spend it"}
      />
      <p className="small muted">
        {card.rewards_redeemed} reward{card.rewards_redeemed === 1 ? "" : "s"} redeemed
      </p>
    </section>
  );
}
