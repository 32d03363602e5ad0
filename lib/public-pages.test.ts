import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALES } from "../contract/locales";
import { isPublicPage, LOCALE_PREFIXES, proxyMatcher, PUBLIC_PAGES, publicPagePattern } from "./public-pages.mjs";

const root = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the one list of public pages", () => {
  it("has every language but English as a prefix", () => {
    expect([...LOCALE_PREFIXES]).toEqual(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE));
  });

  it("names pages that exist, prerendered per language", () => {
    for (const { path: page } of PUBLIC_PAGES) {
      const folder = page === "/" ? "" : page;
      expect(fs.existsSync(path.join(root, `app/[locale]/(guest)${folder}/page.tsx`))).toBe(true);
    }
  });

  it.each(["/", "/terms-condition", "/privacy-policy-1", "/es", "/pt-BR/privacy-policy", "/ar/terms-condition"])(
    "knows %s as a public page",
    (page) => expect(isPublicPage(page)).toBe(true),
  );

  it.each(["/en", "/login", "/es/login", "/xx/terms-condition", "/terms-condition/x", "/dashboard/main", "/es/"])(
    "does not take %s for a public page",
    (page) => expect(isPublicPage(page)).toBe(false),
  );

  it("is what proxy.ts's matcher (a literal, as Next.js needs) leaves out", () => {
    const literal = read("proxy.ts").match(/matcher: \[\s*("(?:[^"\\]|\\.)*")/)?.[1];
    expect(literal && JSON.parse(literal)).toBe(proxyMatcher());
  });

  it("is what the generated nginx configuration micro-caches", () => {
    expect(read("deploy/nginx.conf")).toContain(`location ~ ${publicPagePattern()} {`);
  });
});
