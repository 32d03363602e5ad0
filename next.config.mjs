import createNextIntlPlugin from "next-intl/plugin";
import { LOCALE_PREFIXES, PUBLIC_PAGES } from "./lib/public-pages.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // web-server compresses (the `compression` middleware), after it has given each page its
  // Content-Security-Policy: Next's own compression would run before the policy could read the page.
  compress: false,
  // Public pages are prerendered with only the session-dependent part rendered per request.
  cacheComponents: true,
  // Links prefetch as they did when the app was built and tested; Partial Prefetching (prefetching
  // only each route's static shell) is a separate change to adopt with its own measurements.
  partialPrefetching: false,
  // Next.js requires every route's server bundle at start by default; each is loaded on its first
  // request instead, so the web server holds only the routes in use (5 MB less at
  // start, 3 MB less at the peak over 1,000 mixed views; bench/memory.mts).
  // The stylesheet goes inside each document rather than as a <link>: with the link, Chromium
  // held a page's first frame for 1-2 s in about a third of the phone runs, which moved all the
  // page's scripts before its LCP (reports/bench-web.md). It is 17.6 kB, about 4 kB compressed.
  experimental: { preloadEntriesOnStart: false, inlineCss: true },
  // `next build` checks the app's types as `npm run typecheck` does; CI runs typecheck first and sets
  // SKIP_BUILD_TYPECHECK=1 so the build does not check the same files again (about 30 s of the run).
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  // The API server is a separate process; nothing from server/ belongs in the Next.js bundle.
  outputFileTracingExcludes: { "*": ["server/**", "data/**", "e2e/**"] },
  // The public site is prerendered per language under app/[locale]: English at the unprefixed
  // paths (`/` is `/en` inside), the others under their prefix (`/es/terms-condition`). Requests
  // with a session cookie get the variant that renders the top bar's Dashboard/login button per
  // request; all others the fully static page. The pages and languages are
  // lib/public-pages.mjs's.
  async rewrites() {
    // The session cookie's name over http and over https (lib/server/session.ts: sessionCookieName).
    const cookieNames = ["loyalty_session", "__Host-loyalty_session"];
    const pages = PUBLIC_PAGES.map(({ path }) => (path === "/" ? "" : path));
    const prefixes = ["", ...LOCALE_PREFIXES.map((locale) => `/${locale}`)];
    const sessionVariants = prefixes.flatMap((prefix) =>
      pages.flatMap((page) =>
        cookieNames.map((key) => ({
          source: `${prefix}${page}` || "/",
          has: [{ type: "cookie", key }],
          destination: `${prefix || "/en"}/session-view${page}`,
        })),
      ),
    );
    const english = pages.map((page) => ({ source: page || "/", destination: `/en${page}` }));
    return { beforeFiles: [...sessionVariants, ...english] };
  },
  // `/en/…` is the build's name for the unprefixed English pages: visitors get the real address.
  async redirects() {
    return [
      { source: "/en", destination: "/", permanent: true },
      { source: "/en/:path*", destination: "/:path*", permanent: true },
    ];
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(self), geolocation=()" },
        ],
      },
      {
        // The address form's "Use my location": the one page that may ask for it. The
        // later rule overrides the header above for this path.
        source: "/dashboard/address",
        headers: [{ key: "Permissions-Policy", value: "camera=(self), geolocation=(self)" }],
      },
      {
        // HSTS (two years, the value browsers' preload lists ask for) only where the client came
        // over https: web-server drops the X-Forwarded-Proto of any client that is not a
        // trusted proxy, so a plain-http visitor cannot ask for it.
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https(?:,.*)?" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
      },
    ];
  },
};

// next-intl: the request configuration (locale, messages, formats) is i18n/request.ts. The
// catalogues in messages/ are compiled as the build imports them (icu-minify), so every page formats
// them with next-intl's small formatter instead of shipping the ICU message parser to the browser.
export default createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
