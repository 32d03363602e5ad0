// The counter screen's side of each kind, without the web modules' components (lib/ and its
// tests, which the server's tsconfig also compiles, import only relative paths).
import type { RewardKind } from "../rewards";

export type CounterKind = {
  /** Whether the screen says the API's balance text rather than "3 of 10". */
  countsOnScreen: boolean;
  /** The screen's word for a visit. */
  confirm: "stamp" | "points" | "cashback";
};

const COUNTER: Record<RewardKind, CounterKind> = {
  stamps: { countsOnScreen: false, confirm: "stamp" },
  points: { countsOnScreen: true, confirm: "points" },
  cashback: { countsOnScreen: true, confirm: "cashback" },
  // A self-scan of a pass is a visit recorded, its visits left unchanged.
  multipass: { countsOnScreen: true, confirm: "cashback" },
};

/** The counter screen's side of a kind; a stamp from before kinds existed is a stamp card's. */
export const counterKind = (kind: RewardKind | null | undefined): CounterKind =>
  COUNTER[kind ?? "stamps"] ?? COUNTER.stamps;
