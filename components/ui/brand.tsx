import Link from "next/link";
import { APP_NAME } from "@/lib/site";

/** The product's mark and name, linking to `href`. */
export function Brand({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className="brand">
      <span className="brand-mark" aria-hidden="true">
        ★
      </span>
      <span className="brand-name">{APP_NAME}</span>
    </Link>
  );
}
