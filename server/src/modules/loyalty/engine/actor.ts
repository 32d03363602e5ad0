import type { ActorKind } from "../../../../../contract/actors";
import type { Change } from "./types";

/** Who made a change, as the scan log and the card's history record it. */
export type Actor = {
  kind: ActorKind;
  /** A staff member or the owner. */
  userId: number | null;
  apiKeyId: number | null;
  connectionId: number | null;
};

const by = (kind: ActorKind, ids: Partial<Omit<Actor, "kind">> = {}): Actor => ({
  kind,
  userId: ids.userId ?? null,
  apiKeyId: ids.apiKeyId ?? null,
  connectionId: ids.connectionId ?? null,
});

/** A person at the scanner or the dashboard: the card's owner, or one of their staff. */
const person = (userId: number, ownerId: number) => by(userId === ownerId ? "owner" : "staff", { userId });

/**
 * The real actor of a change to a card of `ownerId`: an API key before the owner it acts for, a
 * till connection for its orders and refunds, the customer for their own scans, the system for
 * expiry and referral bonuses.
 */
export function actorOf(change: Change, ownerId: number): Actor {
  if ("apiKeyId" in change && change.apiKeyId !== undefined) return by("api_key", { apiKeyId: change.apiKeyId });
  switch (change.kind) {
    case "staff-scan":
      return person(change.staffUserId, ownerId);
    case "correction":
    case "topup":
    case "redeem":
      return person(change.actorUserId, ownerId);
    case "self-scan":
      return by("customer");
    case "earn":
    case "refund":
      return change.connectionId === undefined ? by("system") : by("till", { connectionId: change.connectionId });
    case "expire":
    case "level":
    case "referral":
      return by("system");
  }
}
