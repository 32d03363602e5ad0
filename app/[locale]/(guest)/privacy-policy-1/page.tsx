import { LegalPage, legalMetadata } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("/privacy-policy-1");

export default function Page() {
  return <LegalPage path="/privacy-policy-1" />;
}
