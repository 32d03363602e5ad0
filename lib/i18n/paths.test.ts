import { languageAlternates, localizedPath, splitLocalePath } from "./paths";

describe("public page addresses per language", () => {
  it("keeps English unprefixed and prefixes the others", () => {
    expect(localizedPath("en", "/")).toBe("/");
    expect(localizedPath("en", "/terms-condition")).toBe("/terms-condition");
    expect(localizedPath("es", "/")).toBe("/es");
    expect(localizedPath("pt-BR", "/privacy-policy")).toBe("/pt-BR/privacy-policy");
  });

  it("reads the language back from an address", () => {
    expect(splitLocalePath("/de/privacy-policy")).toEqual({ locale: "de", path: "/privacy-policy" });
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/terms-condition")).toEqual({ locale: "en", path: "/terms-condition" });
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
  });

  it("lists every language and x-default (English, unprefixed) as hreflang alternates", () => {
    expect(languageAlternates("/terms-condition", "https://x.test")).toEqual({
      en: "https://x.test/terms-condition",
      es: "https://x.test/es/terms-condition",
      fr: "https://x.test/fr/terms-condition",
      de: "https://x.test/de/terms-condition",
      "pt-BR": "https://x.test/pt-BR/terms-condition",
      ar: "https://x.test/ar/terms-condition",
      "x-default": "https://x.test/terms-condition",
    });
  });
});
