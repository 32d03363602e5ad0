import { useTranslations } from "next-intl";
import type { CustomerFlag } from "@/contract/customers";
import type { RewardKind } from "@/contract/rewards";
import { webKind } from "@/components/kinds";

const FLAG_CLASS: Record<CustomerFlag, string> = {
  reward_ready: "badge-success",
  near_reward: "badge-info",
  birthday_this_month: "badge-warning",
  inactive: "badge-muted",
};

/** A card's flags; "near the reward" in its programme's words ("1 stamp to go", "Close to the next reward"). */
export function Flags({ flags, kind }: { flags: CustomerFlag[]; kind: RewardKind }) {
  const t = useTranslations("dashboardMore.customers.flags");
  const kt = useTranslations(webKind(kind).ns);
  if (flags.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="flag-list" aria-label={t("label")}>
      {flags.map((flag) => (
        <li key={flag} className={`badge ${FLAG_CLASS[flag]}`}>
          {flag === "near_reward" ? kt("nearReward") : t(flag)}
        </li>
      ))}
    </ul>
  );
}
