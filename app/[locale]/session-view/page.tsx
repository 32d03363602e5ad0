// The home page, as app/[locale]/(guest)/page.tsx renders it, in the session variant's layout.
export { default, generateMetadata } from "@/app/[locale]/(guest)/page";
