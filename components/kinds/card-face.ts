// What the card page asks of a kind, without the registry (index.ts): its faces hold the
// dashboard's reward fields, client components every page importing them would ship.
import type { RewardKind } from "@/contract/rewards";
import type { CardFace } from "./types";
import { face as cashback } from "./cashback/face";
import { face as multipass } from "./multipass/face";
import { face as points } from "./points/face";
import { face as stamps } from "./stamps/face";

const FACES: Record<RewardKind, CardFace> = { stamps, points, cashback, multipass };

/** How the card page draws a card of this kind; a card from before kinds existed is a stamp card's. */
export function cardFace(kind: RewardKind | null | undefined): CardFace {
  return FACES[kind ?? "stamps"] ?? stamps;
}
