import { programmeWords } from "../../i18n/programme-words";
import { DEFAULT_KIND, kindOf } from "../../../../contract/kinds";
import { balanceAmount } from "../../../../contract/programme";
import type { NotificationKind } from "../../../../contract/notifications";
import type { FeedDetails } from "../../db/schema";
import type { Translate } from "../../i18n";
import { money } from "../payments/money";

/**
 * The names an entry's references have now (null: the thing is gone). The feed reads them with
 * the entries, so a renamed business shows its new name and an erased customer shows none.
 */
export type FeedNames = { customer: string | null; business: string | null; staff: string | null };

/**
 * The sentence of a feed entry, made from its kind, its details and the current names of what it
 * points at: nothing in the stored row names anyone. The push of an entry uses the same
 * sentence, made once when it is sent.
 */
export function feedText(kind: NotificationKind, details: FeedDetails, names: FeedNames, t: Translate): string {
  const customer = names.customer ?? t("feed.deletedCustomer");
  const business = names.business ?? t("feed.deletedBusiness");
  const amount = () => money(details.amountMinor ?? 0, details.currency ?? "USD");
  switch (kind) {
    case "card_joined":
      return t("feed.card_joined.text", { customer, business });
    case "reward_redeemed":
      return t("feed.reward_redeemed.text", { customer, business, reward: details.reward ?? t("feed.aReward") });
    case "fraud_alert":
      return t("feed.fraud_alert.text", { customer, business, reason: details.reason ?? "" });
    case "payment_succeeded":
      return t("feed.payment_succeeded.text", { amount: amount() });
    case "payment_failed":
      return details.reason
        ? t("feed.payment_failed.textReason", { amount: amount(), reason: details.reason })
        : t("feed.payment_failed.text", { amount: amount() });
    case "staff_joined":
      return t("feed.staff_joined.text", { staff: names.staff ?? t("feed.unknownStaff") });
    case "message":
      return t("feed.message.text", { business, message: details.message ?? "" });
    case "webhook_disabled":
      return t("feed.webhook_disabled.text", { url: details.url ?? "" });
    case "refund_short": {
      const count = details.count ?? 0;
      const unit = details.unit ?? DEFAULT_KIND;
      const short = kindOf(unit).countsMoney
        ? money(details.amountMinor ?? count, details.currency ?? "USD")
        : balanceAmount({ kind: unit, currency: null, stampsRequired: null }, count, programmeWords(t));
      return t("feed.refund_short.text", { customer, business, order: details.order ?? "", short });
    }
    default:
      // A kind this server does not know (a row written by a newer one): its title says enough.
      return "";
  }
}

/** The English prefix of a broadcast's stored title (rows written before titles were made on reading). */
const SENT_PREFIX = "Message sent: ";

/**
 * An entry's title in the reader's language: made from its kind, as the text is. A broadcast's
 * names the owner's own message title; a kind this server does not know keeps its stored title.
 */
export function feedTitle(kind: NotificationKind, storedTitle: string, details: FeedDetails, t: Translate): string {
  switch (kind) {
    case "message":
      return t("feed.message.title", {
        title:
          details.title ?? (storedTitle.startsWith(SENT_PREFIX) ? storedTitle.slice(SENT_PREFIX.length) : storedTitle),
      });
    case "card_joined":
    case "reward_redeemed":
    case "fraud_alert":
    case "payment_succeeded":
    case "payment_failed":
    case "staff_joined":
    case "webhook_disabled":
    case "refund_short":
      return t(`feed.${kind}.title`);
    default:
      return storedTitle;
  }
}
