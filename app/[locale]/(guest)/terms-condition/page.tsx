import { setRequestLocale } from "next-intl/server";
import { LegalPage, legalMetadata } from "@/components/site/legal-page";
import { isLocale } from "@/contract/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  return legalMetadata("/terms-condition", isLocale(locale) ? locale : "en");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(isLocale(locale) ? locale : "en");
  return <LegalPage path="/terms-condition" locale={isLocale(locale) ? locale : "en"} />;
}
