import { LegalPage, legalMetadata } from "@/components/site/legal-page";

export const generateMetadata = () => legalMetadata("/terms-condition");

export default function Page() {
  return <LegalPage path="/terms-condition" />;
}
