import { profileLocale } from "./profile-locale";

describe("the language an owner's profile answer sets", () => {
  it("is the profile's saved locale", () => {
    expect(profileLocale({ id: 1, locale: "de" })).toBe("de");
    expect(profileLocale({ locale: "pt-BR" })).toBe("pt-BR");
  });

  it("is none when the profile has none or names a language we do not speak", () => {
    expect(profileLocale({ locale: null })).toBeNull();
    expect(profileLocale({ locale: "tlh" })).toBeNull();
    expect(profileLocale({})).toBeNull();
    expect(profileLocale(null)).toBeNull();
    expect(profileLocale("de")).toBeNull();
  });
});
