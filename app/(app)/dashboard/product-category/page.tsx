import { OwnerOnly } from "@/components/dashboard/owner-only";
import { ProductCategorySection } from "@/components/dashboard/product-category/product-category-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("product-category");

export default function ProductCategoryPage() {
  return (
    <PageMessages page="/dashboard/product-category">
      <OwnerOnly>
        <ProductCategorySection />
      </OwnerOnly>
    </PageMessages>
  );
}
