import { messages } from "../../contract/envelope";
import { failureText } from "./failures";

// The web's own failure sentences in the page's language.
describe("failureText", () => {
  it("says each failure in the page's language", () => {
    expect(failureText("es", "offline")).toBe("Parece que no tienes conexión. Comprueba tu conexión.");
    expect(failureText("ar", "crossSite")).toBe("تم رفض الطلب عبر المواقع.");
    expect(failureText("de", "unavailable")).toBe("Dienst nicht verfügbar, bitte versuchen Sie es erneut");
  });

  it("is English for no or an unknown language, and English is the contract's own words", () => {
    expect(failureText(undefined, "offline")).toBe("You appear to be offline. Please check your connection.");
    expect(failureText("xx", "crossSite")).toBe("Cross-site request refused.");
    expect(failureText("constructor", "crossSite")).toBe("Cross-site request refused.");
    expect(failureText("__proto__", "crossSite")).toBe("Cross-site request refused.");
    expect(failureText("en", "unavailable")).toBe(messages.serviceUnavailable);
    expect(failureText("en", "notFound")).toBe(messages.notFound);
  });
});
