// The web's side of each programme kind: what a screen shows differently for stamps, points or
// cashback is asked of the kind's module here, never decided by a branch in a component.
import type { RewardKind } from "@/contract/rewards";
import type { WebKind } from "./types";
import { cashback } from "./cashback/web";
import { multipass } from "./multipass/web";
import { points } from "./points/web";
import { stamps } from "./stamps/web";

export type * from "./types";

const KINDS: Record<RewardKind, WebKind> = { stamps, points, cashback, multipass };

/** The web side of a kind; a card or reward from before kinds existed is a stamp card's. */
export function webKind(kind: RewardKind | null | undefined): WebKind {
  return KINDS[kind ?? "stamps"] ?? stamps;
}

/**
 * The owner's words for what several programmes share (the scanner's button, the KPIs, the
 * directory's column): one kind's own when the owner runs only that kind (a stamp card's before
 * the first programme), else the mixed ones (also while the kinds are not known yet).
 */
export function ownerWords(kinds: readonly RewardKind[] | undefined): `kinds.${RewardKind | "mixed"}` {
  if (!kinds) return "kinds.mixed";
  const distinct = [...new Set(kinds)];
  return distinct.length <= 1 ? webKind(distinct[0]).ns : "kinds.mixed";
}
