export { default, generateMetadata } from "@/app/(marketing)/privacy-policy-1/page";
