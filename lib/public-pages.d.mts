/** Types of lib/public-pages.mjs (plain JavaScript, so Node-run config files import it). */
export declare const PUBLIC_PAGES: readonly {
  readonly path: "/" | "/privacy-policy" | "/privacy-policy-1" | "/terms-condition";
  readonly changeFrequency: "weekly" | "yearly";
  readonly priority: number;
}[];
export declare const LOCALE_PREFIXES: readonly ["es", "fr", "de", "pt-BR", "ar"];
export declare function publicPagePattern(): string;
export declare function isPublicPage(path: string): boolean;
export declare function proxyMatcher(): string;
