import type { ReactNode } from "react";
import { APP_NAME } from "@/lib/site";
import { SECTIONS } from "./nav-links";

/** spec.md §2's top bar: the logo from the home data, the section links and the session button. */
export function TopBar({ logo, button }: { logo: string | null; button: ReactNode }) {
  return (
    <header className="site-topbar">
      <div className="site-topbar-inner">
        {/* Plain links throughout the public pages: next/link would add the client router's link code. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/#home" className="brand" aria-label={`${APP_NAME} home`}>
          {logo ? (
            // A plain img: next/image would add client JavaScript to every public page for one logo.
            // Low priority: a 32-px logo is not worth a preload ahead of the page's own text.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logo} alt="" width={32} height={32} className="site-logo" fetchPriority="low" />
          ) : (
            <span className="brand-mark" aria-hidden="true">
              ★
            </span>
          )}
          <span>{APP_NAME}</span>
        </a>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`/#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {button}
      </div>
    </header>
  );
}
