import { IntlMessageFormat } from "intl-messageformat";
import compile from "icu-minify/compile";
import formatCompiled, { type CompiledMessage } from "icu-minify/format";
import { pseudoMessage, pseudoMessages } from "./pseudo";

/** A compiled message formatted as next-intl's formatter for compiled catalogues does. */
const format = (
  message: unknown,
  locale: string,
  values: Record<string, string | number | ((chunks: string[]) => string)>,
) =>
  [
    formatCompiled<string>(message as CompiledMessage, locale, values, {
      formatters: {
        getNumberFormat: (...args) => new Intl.NumberFormat(...args),
        getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
        getPluralRules: (...args) => new Intl.PluralRules(...args),
      },
    }),
  ]
    .flat()
    .join("");

describe("the pseudo-locale", () => {
  it("accents the text and brackets it", () => {
    expect(pseudoMessage("Skip to content")).toBe("[Ŝķîƥ ţö ċöñţéñţ]");
  });

  it("keeps arguments, plural keys, # and rich-text tags working", () => {
    const plural = pseudoMessage("{count, plural, one {# stamp to go} other {# stamps to go}} for {name}");
    expect(new IntlMessageFormat(plural, "en").format({ count: 2, name: "Ada" })).toBe("[2 šţàɱƥš ţö ğö ƒöŕ Ada]");
    const rich = pseudoMessage("New here? <link>Create an account</link>");
    expect(rich).toBe("[Ñéŵ ĥéŕé? <link>Ċŕéàţé àñ àċċöûñţ</link>]");
  });

  it("accents a compiled message (the build's catalogues) and keeps its arguments, plural keys, # and tags working", () => {
    const plural = pseudoMessage(compile("{count, plural, one {# stamp to go} other {# stamps to go}} for {name}"));
    expect(format(plural, "en", { count: 2, name: "Ada" })).toBe("[2 šţàɱƥš ţö ğö ƒöŕ Ada]");
    const rich = pseudoMessage(compile("New here? <link>Create an account</link>"));
    expect(format(rich, "en", { link: (chunks: string[]) => `<a>${chunks.join("")}</a>` })).toBe(
      "[Ñéŵ ĥéŕé? <a>Ċŕéàţé àñ àċċöûñţ</a>]",
    );
    expect(pseudoMessage(compile("Skip to content"))).toBe("[Ŝķîƥ ţö ċöñţéñţ]");
  });

  it("transforms every compiled message of a namespace tree", () => {
    const tree = { card: { a: compile("Menu"), b: { c: compile("Hello {name}") } } };
    const pseudo = pseudoMessages(tree as never) as { card: { a: string; b: { c: unknown } } };
    expect(pseudo.card.a).toBe("[Ṁéñû]");
    expect(format(pseudo.card.b.c, "en", { name: "Ada" })).toBe("[Ĥéļļö Ada]");
  });

  it("transforms every message of a namespace tree", () => {
    expect(pseudoMessages({ common: { a: "Menu", b: { c: "Log out" } } })).toEqual({
      common: { a: "[Ṁéñû]", b: { c: "[Ļöğ öûţ]" } },
    });
  });
});
