import { businessForm } from "./business";

const base = {
  business_name: "Demo Bakery",
  business_category: "Bakery",
  address: "1 Main Street",
  state: "Berlin",
  city: "Berlin",
  zip_code: "10115",
  country_name: "Germany",
};

describe("the business form's currency", () => {
  it("is optional: blank means the country's currency", () => {
    expect(businessForm.parse({ ...base, currency: "" }).currency).toBeUndefined();
    expect(businessForm.parse(base).currency).toBeUndefined();
  });

  it("takes an ISO 4217 code in any case", () => {
    expect(businessForm.parse({ ...base, currency: " eur " }).currency).toBe("EUR");
    expect(businessForm.parse({ ...base, currency: "JPY" }).currency).toBe("JPY");
  });

  it("refuses what is not a currency, with the field's message", () => {
    for (const currency of ["XYZ", "EURO", "€", "12"]) {
      const checked = businessForm.safeParse({ ...base, currency });
      expect(checked.success).toBe(false);
      expect(checked.error?.issues[0]).toMatchObject({
        path: ["currency"],
        message: "This is not an ISO 4217 currency code (such as EUR or USD).",
      });
    }
  });
});
