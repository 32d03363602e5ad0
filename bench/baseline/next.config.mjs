// The baseline of the web benchmark: the app's own Next.js configuration around an empty page,
// without the app's routing (its rewrites send `/` to the English site's `/en`, which the empty
// page does not have).
import appConfig from "../../next.config.mjs";

const { rewrites: _rewrites, redirects: _redirects, ...config } = appConfig;
export default config;
