// The home page, as app/(marketing)/page.tsx renders it, in the session variant's layout.
export { default, generateMetadata } from "@/app/(marketing)/page";
