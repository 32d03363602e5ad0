import { CouponSection } from "@/components/dashboard/coupon/coupon-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("coupon");

export default function CouponPage() {
  return (
    <PageMessages page="/dashboard/coupon">
      <OwnerOnly>
        <CouponSection />
      </OwnerOnly>
    </PageMessages>
  );
}
