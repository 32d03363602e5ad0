import { OwnerOnly } from "@/components/dashboard/owner-only";
import { QrCodeSection } from "@/components/dashboard/qr-codes/qr-code-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("my-qr-code");

export default function MyQrCodePage() {
  return (
    <OwnerOnly>
      <QrCodeSection />
    </OwnerOnly>
  );
}
