import type { NotificationKind } from "../../../../lib/contract/notifications";
import type { FeedDetails } from "../../db/schema";
import { DELETED_CUSTOMER } from "../customers/privacy";
import { money } from "../payments/money";

/** A business deleted since (the entry's business reference is null). */
export const DELETED_BUSINESS = "a deleted business";
/** A staff member whose account is gone. */
export const UNKNOWN_STAFF = "A staff member";

/**
 * The names an entry's references have now (null: the thing is gone). The feed reads them with
 * the entries, so a renamed business shows its new name and an erased customer shows none.
 */
export type FeedNames = { customer: string | null; business: string | null; staff: string | null };

/**
 * The sentence of a feed entry, made from its kind, its details and the current names of what it
 * points at (issue 22): nothing in the stored row names anyone. The push of an entry uses the same
 * sentence, made once when it is sent.
 */
export function feedText(kind: NotificationKind, details: FeedDetails, names: FeedNames): string {
  const customer = names.customer ?? DELETED_CUSTOMER;
  const business = names.business ?? DELETED_BUSINESS;
  switch (kind) {
    case "card_joined":
      return `${customer} joined ${business} and collected a first stamp.`;
    case "reward_redeemed":
      return `${customer} redeemed ${details.reward ?? "a reward"} at ${business}.`;
    case "fraud_alert":
      return `${customer}'s card at ${business} was flagged: ${details.reason ?? ""} See its history in My Scans.`;
    case "payment_succeeded":
      return `Your payment of ${money(details.amountMinor ?? 0, details.currency ?? "USD")} went through. Thank you!`;
    case "payment_failed": {
      const amount = money(details.amountMinor ?? 0, details.currency ?? "USD");
      return `Your payment of ${amount} did not go through${details.reason ? `: ${details.reason}` : "."}`;
    }
    case "staff_joined":
      return `${names.staff ?? UNKNOWN_STAFF} accepted your invite and can now scan cards.`;
    case "message":
      return `To the card holders of ${business}: ${details.message ?? ""}`;
    case "webhook_disabled":
      return `Your webhook endpoint ${details.url ?? ""} failed for 5 days and was turned off. Send it a test event on the Integrations page to turn it back on.`;
    default:
      // A kind this server does not know (a row written by a newer one): its title says enough.
      return "";
  }
}
