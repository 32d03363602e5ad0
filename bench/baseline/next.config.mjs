// The baseline of the web benchmark: the app's own Next.js configuration around an empty page.
export { default } from "../../next.config.mjs";
