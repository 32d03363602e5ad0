import { IntlMessageFormat } from "intl-messageformat";
import { pseudoMessage, pseudoMessages } from "./pseudo";

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

  it("transforms every message of a namespace tree", () => {
    expect(pseudoMessages({ common: { a: "Menu", b: { c: "Log out" } } })).toEqual({
      common: { a: "[Ṁéñû]", b: { c: "[Ļöğ öûţ]" } },
    });
  });
});
