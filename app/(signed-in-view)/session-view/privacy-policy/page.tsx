export { default, generateMetadata } from "@/app/(marketing)/privacy-policy/page";
