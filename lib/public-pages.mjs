// @ts-check
/**
 * The public site's pages: the one list that the route guard (lib/routes.ts, proxy.ts's matcher),
 * next.config.mjs's rewrites, the sitemap and both nginx configurations
 * (scripts/cluster/nginx-conf.mjs) follow. Plain JavaScript so next.config.mjs and the nginx
 * generator, which Node runs as they are, import it too; lib/public-pages.test.ts checks the places
 * that cannot import anything (proxy.ts's matcher must be a literal) against it.
 *
 * Each page is prerendered per language (app/[locale]): English at the unprefixed path, the others
 * under their prefix (`/es/terms-condition`, `/es` for the home page).
 */
export const PUBLIC_PAGES = /** @type {const} */ ([
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/privacy-policy", changeFrequency: "yearly", priority: 0.3 },
  { path: "/privacy-policy-1", changeFrequency: "yearly", priority: 0.3 },
  { path: "/terms-condition", changeFrequency: "yearly", priority: 0.3 },
]);

/**
 * The languages whose pages live under a prefix: contract/locales.ts's LOCALES but the
 * default, English (lib/public-pages.test.ts keeps the two equal).
 */
export const LOCALE_PREFIXES = /** @type {const} */ (["es", "fr", "de", "pt-BR", "ar"]);

const alternatives = (/** @type {readonly string[]} */ words) => words.join("|");
const subpages = () => alternatives(PUBLIC_PAGES.filter((page) => page.path !== "/").map((page) => page.path.slice(1)));

/**
 * A regular expression (source, anchored) for every public page's address in every language:
 * `/`, `/terms-condition`, `/es`, `/es/terms-condition`… As nginx and JavaScript read it alike.
 */
export function publicPagePattern() {
  return `^/(?:(?:${alternatives(LOCALE_PREFIXES)})(?:/(?:${subpages()}))?|(?:${subpages()}))?$`;
}

/** True when `path` (no trailing slash) is a public page in some language. */
export function isPublicPage(/** @type {string} */ path) {
  return new RegExp(publicPagePattern()).test(path);
}

/**
 * proxy.ts's matcher: everything but the BFF, Next's assets, files with an extension and the public
 * pages (they stay static: no proxy run per visit). Next.js needs the matcher as a literal in
 * proxy.ts; lib/public-pages.test.ts checks that it is this.
 */
export function proxyMatcher() {
  const pages = `$|${subpages()
    .split("|")
    .map((page) => `${page}$`)
    .join("|")}|(?:${alternatives(LOCALE_PREFIXES)})(?:/(?:${subpages()}))?$`;
  return `/((?!${pages}|api/|_next/|.*\\.[a-zA-Z0-9]+$).*)`;
}
