export { default, generateMetadata } from "@/app/[locale]/(guest)/privacy-policy-1/page";
