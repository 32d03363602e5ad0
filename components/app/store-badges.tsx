/** Links to the mobile apps (spec.md §1), each shown only when its store URL is configured. */
export type StoreLinks = { appStore?: string; playStore?: string };

export function StoreBadges({ links }: { links: StoreLinks }) {
  if (!links.appStore && !links.playStore) return null;
  return (
    <div className="store-badges">
      <p className="muted small">Get the app</p>
      {links.appStore && (
        <a href={links.appStore} target="_blank" rel="noopener noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/ */}
          <img src="/badges/app-store.svg" alt="Download on the App Store" width={135} height={40} />
        </a>
      )}
      {links.playStore && (
        <a href={links.playStore} target="_blank" rel="noopener noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/ */}
          <img src="/badges/google-play.svg" alt="Get it on Google Play" width={135} height={40} />
        </a>
      )}
    </div>
  );
}
