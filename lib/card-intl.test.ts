import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES } from "../contract/locales";
import { CARD_MESSAGES, cardLocale, cardTranslator, langAttributes } from "./card-intl";
import { confirmation } from "./counter-confirmation";

describe("the card's language", () => {
  it("is the business's, else the NEXT_LOCALE cookie, else Accept-Language, else English", () => {
    expect(cardLocale("ar", "es", "fr")).toBe("ar");
    expect(cardLocale(null, "es", "fr")).toBe("es");
    expect(cardLocale(undefined, undefined, "de-CH,de;q=0.9,en;q=0.5")).toBe("de");
    expect(cardLocale("xx", "yy", null)).toBe("en");
    expect(langAttributes("ar")).toEqual({ lang: "ar", dir: "rtl" });
    expect(langAttributes("pt-BR")).toEqual({ lang: "pt-BR", dir: "ltr" });
  });

  it.each(LOCALES)("%s has every English card message, each valid ICU", (locale) => {
    const english = Object.keys(CARD_MESSAGES.en).sort();
    expect(Object.keys(CARD_MESSAGES[locale]).sort()).toEqual(english);
    for (const message of Object.values(CARD_MESSAGES[locale])) {
      expect(() => new IntlMessageFormat(message, locale)).not.toThrow();
    }
  });

  it("counts stamps with the language's plurals, the English wording unchanged", () => {
    const en = cardTranslator("en");
    expect(en("lifetime", { stamps: 1, rewards: 0 })).toBe("1 stamp in all · 0 rewards redeemed");
    expect(en("cardOf", { name: "Ada" })).toBe("Ada's card");
    const es = cardTranslator("es");
    expect(es("lifetime", { stamps: 1, rewards: 2 })).toBe("1 sello en total · 2 recompensas canjeadas");
    expect(es("lifetime", { stamps: 3, rewards: 1 })).toBe("3 sellos en total · 1 recompensa canjeada");
    expect(cardTranslator("fr")("staffScan", { what: "points" })).toBe(
      "L’équipe scanne ce code pour ajouter des points ou les utiliser",
    );
  });

  it("confirms a stamp on the counter screen in the card's language", () => {
    const words = (t: ReturnType<typeof cardTranslator>) => ({
      what: (what: "join" | "points" | "cashback" | "stamp") => t("confirmWhat", { what }),
      of: (value: number, max: number) => t("progress", { value, max }),
    });
    const stamp = { action: "stamp" as const, stamps: 3, stamps_required: 10 };
    expect(confirmation(stamp, words(cardTranslator("en")))).toBe(confirmation(stamp));
    expect(confirmation(stamp, words(cardTranslator("es")))).toBe("Sello añadido · 3 de 10");
    expect(confirmation({ ...stamp, action: "join" }, words(cardTranslator("de")))).toBe(
      "Willkommen! Karte erstellt · 3 von 10",
    );
  });
});

describe("the e2e pseudo-locale on the card's pages", () => {
  const saved = process.env.I18N_PSEUDO;
  afterEach(() => {
    if (saved === undefined) delete process.env.I18N_PSEUDO;
    else process.env.I18N_PSEUDO = saved;
  });

  it("is the card's language only on a web server started with I18N_PSEUDO=1, and then before the business's", () => {
    delete process.env.I18N_PSEUDO;
    expect(cardLocale("de", "en-XA", null)).toBe("de");
    expect(cardLocale(null, "en-XA", "fr")).toBe("fr");
    process.env.I18N_PSEUDO = "1";
    expect(cardLocale("de", "en-XA", null)).toBe("en-XA");
  });

  it("reads every card message transformed, its arguments intact, in English's page language", () => {
    const t = cardTranslator("en-XA");
    expect(t("cardOf", { name: "Ada" })).toMatch(/^\[.*Ada.*\]$/);
    expect(t("cardOf", { name: "Ada" })).not.toContain("card");
    expect(langAttributes("en-XA")).toEqual({ lang: "en", dir: "ltr" });
  });
});
