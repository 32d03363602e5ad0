import type { UserProfile } from "@/lib/contract/auth";

export type MenuItem = { href: string; label: string; roles: readonly UserProfile["role"][] };

const EVERYONE = ["owner", "staff"] as const;
const OWNER = ["owner"] as const;

/**
 * The dashboard menu in spec.md §2's order. A section joins when it works: My QR Code and My Scans
 * (loyalty core) go after Business, Notification (notifications) after Address. Staff see only
 * what they may use (product.md §1); the server refuses them the rest anyway (403).
 */
export const MENU: readonly MenuItem[] = [
  { href: "/dashboard/profile", label: "Profile", roles: EVERYONE },
  { href: "/dashboard/main", label: "Dashboard", roles: EVERYONE },
  { href: "/dashboard/business", label: "Business", roles: OWNER },
  { href: "/dashboard/my-qr-code", label: "My QR Code", roles: OWNER },
  { href: "/dashboard/my-scans", label: "My Scans", roles: EVERYONE },
  { href: "/dashboard/customers", label: "Customers", roles: EVERYONE },
  { href: "/dashboard/rewards", label: "Rewards", roles: OWNER },
  { href: "/dashboard/my-staff", label: "My Staff", roles: OWNER },
  { href: "/dashboard/address", label: "Address", roles: OWNER },
  { href: "/dashboard/notifications", label: "Notification", roles: EVERYONE },
  { href: "/dashboard/automations", label: "Automations", roles: OWNER },
  { href: "/dashboard/product-category", label: "Product Categories", roles: OWNER },
  { href: "/dashboard/coupon", label: "Coupons", roles: OWNER },
  { href: "/dashboard/card-design", label: "Card Design", roles: OWNER },
  { href: "/dashboard/integrations", label: "Integrations", roles: OWNER },
  { href: "/dashboard/plans", label: "Subscription Plan", roles: OWNER },
  { href: "/dashboard/how-to-use", label: "How to Use Dashboard and Scanner", roles: EVERYONE },
];

/** The items for a role; while the role is still loading, only those everyone has (no flash). */
export const menuFor = (role: UserProfile["role"] | undefined) =>
  MENU.filter((item) => (role ? item.roles.includes(role) : item.roles.length === EVERYONE.length));
