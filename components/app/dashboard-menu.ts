import type { UserProfile } from "@/contract/auth";

/** `label`: the key of the item's text in `common.menu`. */
export type MenuItem = { href: string; label: string; roles: readonly UserProfile["role"][] };

const EVERYONE = ["owner", "staff"] as const;
const OWNER = ["owner"] as const;

/**
 * The dashboard menu in the product's order. A section joins when it works: My QR Code and My Scans
 * (loyalty core) go after Business, Notification (notifications) after Address. Staff see only
 * what they may use; the server refuses them the rest anyway (403).
 */
export const MENU: readonly MenuItem[] = [
  { href: "/dashboard/profile", label: "profile", roles: EVERYONE },
  { href: "/dashboard/main", label: "dashboard", roles: EVERYONE },
  { href: "/dashboard/business", label: "business", roles: OWNER },
  { href: "/dashboard/my-qr-code", label: "myQrCode", roles: OWNER },
  { href: "/dashboard/my-scans", label: "myScans", roles: EVERYONE },
  { href: "/dashboard/customers", label: "customers", roles: EVERYONE },
  { href: "/dashboard/rewards", label: "rewards", roles: OWNER },
  { href: "/dashboard/offers", label: "offers", roles: OWNER },
  { href: "/dashboard/my-staff", label: "myStaff", roles: OWNER },
  { href: "/dashboard/address", label: "address", roles: OWNER },
  { href: "/dashboard/notifications", label: "notifications", roles: EVERYONE },
  { href: "/dashboard/insights", label: "insights", roles: OWNER },
  { href: "/dashboard/automations", label: "automations", roles: OWNER },
  { href: "/dashboard/product-category", label: "productCategories", roles: OWNER },
  { href: "/dashboard/coupon", label: "coupons", roles: OWNER },
  { href: "/dashboard/card-design", label: "cardDesign", roles: OWNER },
  { href: "/dashboard/integrations", label: "integrations", roles: OWNER },
  { href: "/dashboard/plans", label: "plans", roles: OWNER },
  { href: "/dashboard/how-to-use", label: "howToUse", roles: EVERYONE },
];

/** The items for a role; while the role is still loading, only those everyone has (no flash). */
export const menuFor = (role: UserProfile["role"] | undefined) =>
  MENU.filter((item) => (role ? item.roles.includes(role) : item.roles.length === EVERYONE.length));
