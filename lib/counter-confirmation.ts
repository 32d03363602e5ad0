import { counterKind } from "../contract/kinds/counter";
import type { KindName } from "../contract/kinds";

/** A stamp as the counter screen receives it (counter-events; no name or serial: it faces the shop). */
export type Stamp = {
  action: "join" | "stamp";
  stamps: number;
  stamps_required: number | null;
  /** The programme's kind and its balance in its own terms ("340 points — 60 to Free lunch"). */
  kind?: KindName;
  balance_text?: string;
};

/** What the screen says of a stamp: a stamp card's "3 of 10"; points and cashback in their own terms. */
export function confirmation(stamp: Stamp, words: ConfirmationWords = ENGLISH): string {
  const kind = counterKind(stamp.kind);
  const what = words.what(stamp.action === "join" ? "join" : kind.confirm);
  if (kind.countsOnScreen && stamp.balance_text) return `${what} · ${stamp.balance_text}`;
  return stamp.stamps_required
    ? `${what} · ${words.of(stamp.stamps, stamp.stamps_required)}`
    : `${what} · ${stamp.stamps}`;
}

/** The screen's words in the card's language (the `card` messages); English by default. */
export type ConfirmationWords = {
  what: (what: "join" | "points" | "cashback" | "stamp") => string;
  of: (value: number, max: number) => string;
};

const ENGLISH: ConfirmationWords = {
  what: (what) =>
    ({ join: "Welcome! Card created", points: "Points added", cashback: "Visit recorded", stamp: "Stamp added" })[what],
  of: (value, max) => `${value} of ${max}`,
};
