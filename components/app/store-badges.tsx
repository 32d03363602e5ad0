import { useTranslations } from "next-intl";

/** Links to the mobile apps, each shown only when its store URL is configured. */
export type StoreLinks = { appStore?: string; playStore?: string };

export function StoreBadges({ links }: { links: StoreLinks }) {
  const t = useTranslations("common.ui");
  if (!links.appStore && !links.playStore) return null;
  return (
    <div className="store-badges">
      <p className="muted small">{t("getApp")}</p>
      {links.appStore && (
        <a href={links.appStore} target="_blank" rel="noopener noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/ */}
          <img src="/badges/app-store.svg" alt={t("appStore")} width={135} height={40} />
        </a>
      )}
      {links.playStore && (
        <a href={links.playStore} target="_blank" rel="noopener noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/ */}
          <img src="/badges/google-play.svg" alt={t("googlePlay")} width={135} height={40} />
        </a>
      )}
    </div>
  );
}
