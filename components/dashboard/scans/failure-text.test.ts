import { ApiError } from "@/lib/browser/api-client";
import { failureText } from "./failure-text";

// A refused scan shows its field's own message, whatever language the API said the
// 422's title in (it was recognised by its English words before).
describe("failureText", () => {
  it("is a 422's first field message, in any language", () => {
    const spanish = new ApiError(422, "Los datos proporcionados no son válidos.", {
      code: ["La pantalla del mostrador mostró un código nuevo."],
    });
    expect(failureText(spanish)).toBe("La pantalla del mostrador mostró un código nuevo.");
  });

  it("is the message itself for other failures, or a 422 without fields", () => {
    expect(failureText(new ApiError(404, "Código desconocido."))).toBe("Código desconocido.");
    expect(failureText(new ApiError(422, "Los datos proporcionados no son válidos."))).toBe(
      "Los datos proporcionados no son válidos.",
    );
  });
});
