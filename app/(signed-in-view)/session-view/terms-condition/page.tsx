export { default, generateMetadata } from "@/app/(marketing)/terms-condition/page";
