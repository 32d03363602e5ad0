import { LegalPage, legalMetadata } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("/privacy-policy");

export default function Page() {
  return <LegalPage path="/privacy-policy" />;
}
