import { CouponSection } from "@/components/dashboard/coupon/coupon-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("coupon");

export default function CouponPage() {
  return (
    <OwnerOnly>
      <CouponSection />
    </OwnerOnly>
  );
}
