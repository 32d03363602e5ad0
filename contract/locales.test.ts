import { localeSchema } from "./auth";
import { localeFromAcceptLanguage } from "./locales";

describe("locales", () => {
  it("picks the best of our locales from Accept-Language", () => {
    expect(localeFromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("ja, es;q=0.5, de;q=0.7")).toBe("de");
    expect(localeFromAcceptLanguage("pt-PT")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("ar-EG,ar;q=0.9")).toBe("ar");
    expect(localeFromAcceptLanguage("ja, zh;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("es;q=0")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });

  it("refuses a locale we do not speak", () => {
    expect(localeSchema.safeParse("pt-BR").success).toBe(true);
    expect(localeSchema.safeParse("it").success).toBe(false);
  });
});
