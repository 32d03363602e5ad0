import type { HomePageData } from "@/lib/contract/site";
import { APP_NAME } from "@/lib/site";

const SECTION_LINKS = [
  { href: "/#home", label: "Home" },
  { href: "/#about-us", label: "About us" },
  { href: "/#how-it-work", label: "How it Work" },
  { href: "/#contact-us", label: "Contact us" },
];

const SOCIAL = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "Twitter" },
  { key: "instagram", label: "Instagram" },
] as const;

/**
 * spec.md §2's footer; plain links (no next/link) keep the client router's link code off the public
 * pages, which are static documents anyway. The social links come from the home data and are left
 * out when unset.
 */
export function Footer({ home, year }: { home: HomePageData | null; year: number }) {
  const social = SOCIAL.filter(({ key }) => home?.[key]);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href="/register">Become a member</a>
            </li>
            <li>
              <a href="/privacy-policy">Privacy Policy</a>
            </li>
            <li>
              <a href="/terms-condition">Terms &amp; Conditions</a>
            </li>
          </ul>
        </nav>
        {social.length > 0 && (
          <ul className="footer-social" aria-label="Social media">
            {social.map(({ key, label }) => (
              <li key={key}>
                <a href={home![key]} rel="noopener noreferrer" target="_blank">
                  {label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="footer-copy">
          © {year} {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
