import { useTranslations } from "next-intl";
import type { CustomerFlag, CustomerRow } from "@/contract/customers";

const FLAG_CLASS: Record<CustomerFlag, string> = {
  reward_ready: "badge-success",
  near_reward: "badge-info",
  birthday_this_month: "badge-warning",
  inactive: "badge-muted",
};

export function Flags({ flags }: { flags: CustomerFlag[] }) {
  const t = useTranslations("dashboardMore.customers.flags");
  if (flags.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="flag-list" aria-label={t("label")}>
      {flags.map((flag) => (
        <li key={flag} className={`badge ${FLAG_CLASS[flag]}`}>
          {t(flag)}
        </li>
      ))}
    </ul>
  );
}

export const stampsOf = (c: Pick<CustomerRow, "stamps" | "stamps_required">) =>
  c.stamps_required === null ? String(c.stamps) : `${c.stamps} / ${c.stamps_required}`;
