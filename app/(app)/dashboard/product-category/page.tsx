import { OwnerOnly } from "@/components/dashboard/owner-only";
import { ProductCategorySection } from "@/components/dashboard/product-category/product-category-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("product-category");

export default function ProductCategoryPage() {
  return (
    <OwnerOnly>
      <ProductCategorySection />
    </OwnerOnly>
  );
}
