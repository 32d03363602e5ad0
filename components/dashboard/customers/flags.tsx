import type { CustomerFlag, CustomerRow } from "@/lib/contract/customers";

export const FLAG_LABEL: Record<CustomerFlag, { text: string; className: string }> = {
  reward_ready: { text: "Reward ready", className: "badge-success" },
  near_reward: { text: "1 stamp to go", className: "badge-info" },
  birthday_this_month: { text: "Birthday this month", className: "badge-warning" },
  inactive: { text: "Inactive 30+ days", className: "badge-muted" },
};

export function Flags({ flags }: { flags: CustomerFlag[] }) {
  if (flags.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="flag-list" aria-label="Flags">
      {flags.map((flag) => (
        <li key={flag} className={`badge ${FLAG_LABEL[flag].className}`}>
          {FLAG_LABEL[flag].text}
        </li>
      ))}
    </ul>
  );
}

export const stampsOf = (c: Pick<CustomerRow, "stamps" | "stamps_required">) =>
  c.stamps_required === null ? String(c.stamps) : `${c.stamps} / ${c.stamps_required}`;
