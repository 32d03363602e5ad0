import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES } from "../../../contract/locales";
import { featureNotInPlan, PLAN_FEATURE_KEYS } from "../../../contract/plan-features";
import { SERVER_MESSAGES, translator } from "../../src/i18n";
import { apiEn, type ApiKey } from "../../src/i18n/messages/api/en";

const english = Object.keys(SERVER_MESSAGES.en).sort();
type Element = { type: number; value?: unknown; options?: Record<string, { value: readonly Element[] }> };
const SELECT = 5;
const TEXT = [0, 7]; // literals and plural's `#`

/**
 * The arguments a message uses, wherever they sit (in plural and select branches too), and each
 * select's choices: what the code passes, so every locale must take the same. Plural categories
 * differ by language (Arabic has six) and are not compared.
 */
function placeholders(message: string, locale = "en") {
  const found = new Set<string>();
  const walk = (elements: readonly Element[]) => {
    for (const element of elements) {
      if (!TEXT.includes(element.type) && typeof element.value === "string") found.add(element.value);
      if (element.type === SELECT) found.add(`${String(element.value)}: ${Object.keys(element.options ?? {}).sort()}`);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as readonly Element[]);
  return [...found].sort();
}

describe("server messages", () => {
  it.each(LOCALES)("%s has exactly the English keys, each valid ICU", (locale) => {
    const messages = SERVER_MESSAGES[locale];
    expect(Object.keys(messages).sort()).toEqual(english);
    for (const [key, message] of Object.entries(messages)) {
      expect(message.trim()).not.toBe("");
      const values = Object.fromEntries(placeholders(message, locale).map((name) => [name, 2]));
      const text = new IntlMessageFormat(message, locale).format(values);
      expect([key, typeof text]).toEqual([key, "string"]);
    }
  });

  it("keeps each placeholder of the English text in every locale", () => {
    for (const locale of LOCALES)
      for (const key of english as (keyof typeof SERVER_MESSAGES.en)[])
        expect([locale, key, placeholders(SERVER_MESSAGES[locale][key], locale)]).toEqual([
          locale,
          key,
          placeholders(SERVER_MESSAGES.en[key]),
        ]);
  });

  it("formats plurals per locale", () => {
    const values = { title: "Coffee", required: 10 };
    expect(translator("en")("pass.moreStamps", { ...values, count: 1 })).toBe("1 more stamp for Coffee (10 in all).");
    expect(translator("en")("pass.moreStamps", { ...values, count: 3 })).toBe("3 more stamps for Coffee (10 in all).");
    expect(translator("es")("pass.moreStamps", { ...values, count: 3 })).toBe(
      "3 sellos más para Coffee (10 en total).",
    );
    expect(translator("ar")("pass.moreStamps", { ...values, count: 2 })).toContain("ختمان");
  });
});

describe("validation messages", () => {
  // The API's 422 answers and the forms' own checks say the same thing in each language.
  it.each(LOCALES)("%s matches the web's common.validation messages", (locale) => {
    const web = JSON.parse(readFileSync(join(__dirname, "../../../messages", locale, "common.json"), "utf8")) as {
      validation: Record<string, string>;
    };
    const server = SERVER_MESSAGES[locale] as Record<string, string>;
    for (const [key, text] of Object.entries(web.validation))
      expect([key, server[`validation.${key}`]]).toEqual([key, text]);
  });
});

describe("the API's sentences", () => {
  // English is the catalogue every client knows: a sentence without arguments must come out
  // exactly as written (an apostrophe or brace read as ICU syntax would change it).
  it("say English exactly as written when they take no arguments", () => {
    const t = translator("en");
    for (const [key, text] of Object.entries(apiEn) as [ApiKey, string][])
      if (placeholders(text).length === 0) expect([key, t(key)]).toEqual([key, text]);
  });

  it("name each plan feature as the contract's English does", () => {
    for (const feature of PLAN_FEATURE_KEYS) {
      const said = translator("en")("plans.featureMissing", { plan: "Starter", feature: feature.replace("-", "_") });
      expect(said).toBe(featureNotInPlan("Starter", feature));
    }
  });
});
