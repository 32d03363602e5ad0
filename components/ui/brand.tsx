import { IntentLink } from "@/components/ui/intent-link";
import { APP_NAME } from "@/lib/site";

/**
 * The product's mark and name, linking to `href`. Its page is fetched on intent: in the top bar of
 * every page it is always in view, and would otherwise load that page's code with each visit.
 */
export function Brand({ href = "/" }: { href?: string }) {
  return (
    <IntentLink href={href} className="brand">
      <span className="brand-mark" aria-hidden="true">
        ★
      </span>
      <span className="brand-name">{APP_NAME}</span>
    </IntentLink>
  );
}
