import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import {
  CollectStampsIllustration,
  PrintQrIllustration,
  SetUpIllustration,
  StaffScanIllustration,
} from "./illustrations";

function Step({ title, picture, children }: { title: string; picture: ReactNode; children: ReactNode }) {
  return (
    <section className="card guide-step" aria-label={title}>
      <div className="guide-picture">{picture}</div>
      <div>
        <h2>{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** The guide's rich-text tags: bold words and the links to the sections a step names. */
const tags = {
  strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
  business: (chunks: ReactNode) => <Link href="/dashboard/business">{chunks}</Link>,
  address: (chunks: ReactNode) => <Link href="/dashboard/address">{chunks}</Link>,
  categories: (chunks: ReactNode) => <Link href="/dashboard/product-category">{chunks}</Link>,
  staff: (chunks: ReactNode) => <Link href="/dashboard/my-staff">{chunks}</Link>,
};

/** A step's paragraphs, `<key>.1` … `<key>.n` of the messages, as a numbered list. */
function Items({ step, count }: { step: "setUp" | "print" | "collect" | "scan"; count: number }) {
  const t = useTranslations("dashboardMore.guide");
  return (
    <ol>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{t.rich(`${step}.items.${i + 1}` as `setUp.items.1`, tags)}</li>
      ))}
    </ol>
  );
}

/** How to Use Dashboard and Scanner: one guide for owners and their staff. */
export function HowToUse() {
  const t = useTranslations("dashboardMore.guide");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="lead muted">{t("lead")}</p>
      <div className="guide">
        <Step title={t("setUp.title")} picture={<SetUpIllustration />}>
          <Items step="setUp" count={4} />
        </Step>
        <Step title={t("print.title")} picture={<PrintQrIllustration />}>
          <Items step="print" count={3} />
        </Step>
        <Step title={t("collect.title")} picture={<CollectStampsIllustration />}>
          <Items step="collect" count={3} />
        </Step>
        <Step title={t("scan.title")} picture={<StaffScanIllustration />}>
          <Items step="scan" count={3} />
        </Step>
      </div>
    </>
  );
}
