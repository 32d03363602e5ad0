/** A stamp as the counter screen receives it (counter-events; no name or serial: it faces the shop). */
export type Stamp = {
  action: "join" | "stamp";
  stamps: number;
  stamps_required: number | null;
  /** Issue 23: the programme's kind and its balance in its own terms ("340 points — 60 to Free lunch"). */
  kind?: "stamps" | "points" | "cashback";
  balance_text?: string;
};

/** What the screen says of a stamp: a stamp card's "3 of 10"; points and cashback in their own terms. */
export function confirmation(stamp: Stamp): string {
  const programme = stamp.kind && stamp.kind !== "stamps" && stamp.balance_text ? stamp.kind : null;
  const what =
    stamp.action === "join"
      ? "Welcome! Card created"
      : programme === "points"
        ? "Points added"
        : programme === "cashback"
          ? "Visit recorded"
          : "Stamp added";
  if (programme) return `${what} · ${stamp.balance_text}`;
  return stamp.stamps_required ? `${what} · ${stamp.stamps} of ${stamp.stamps_required}` : `${what} · ${stamp.stamps}`;
}
