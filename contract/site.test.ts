import { contactUsBody } from "./site";
import { PHONE_PATTERN } from "./limits";

describe("contact form limits", () => {
  it("the browser's phone pattern accepts and refuses what the contract does", () => {
    const browser = new RegExp(`^(?:${PHONE_PATTERN})$`);
    for (const phone of ["+1 555 0100", "(030) 555-1234", "123456", "abc", "12", "+1 555 0100 0100 0100 01"]) {
      const base = { email: "a@example.com", name: "Ann", message: "A long enough message." };
      expect(browser.test(phone)).toBe(contactUsBody.safeParse({ ...base, phone_number: phone }).success);
    }
  });
});
