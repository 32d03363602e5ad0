import { OwnerOnly } from "@/components/dashboard/owner-only";
import { QrCodeSection } from "@/components/dashboard/qr-codes/qr-code-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("my-qr-code");

export default function MyQrCodePage() {
  return (
    <PageMessages page="/dashboard/my-qr-code">
      <OwnerOnly>
        <QrCodeSection />
      </OwnerOnly>
    </PageMessages>
  );
}
