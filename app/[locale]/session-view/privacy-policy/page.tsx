export { default, generateMetadata } from "@/app/[locale]/(guest)/privacy-policy/page";
