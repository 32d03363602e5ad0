export { default, generateMetadata } from "@/app/[locale]/(guest)/terms-condition/page";
