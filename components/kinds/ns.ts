// A kind's words namespace without its face: client code that only needs the words (the card
// page's join form) imports this, not the registry, whose faces carry the dashboard's forms.
import type { RewardKind } from "@/contract/rewards";

/** The `kinds` messages' subtree of a kind; a card or reward from before kinds existed is a stamp card's. */
export function kindNs(kind: RewardKind | null | undefined): `kinds.${RewardKind}` {
  return `kinds.${kind ?? "stamps"}`;
}
