import { fieldWiring } from "./field-wiring";

describe("fieldWiring", () => {
  it("describes a control by nothing when it has neither hint nor error", () => {
    const { hintId, errorId, control } = fieldWiring("name", {});
    expect(hintId).toBeUndefined();
    expect(errorId).toBeUndefined();
    expect(control).toEqual({ id: "name", "aria-invalid": undefined, "aria-describedby": undefined });
  });

  it("describes a control by its hint alone and leaves it valid", () => {
    const { hintId, control } = fieldWiring("logo", { hint: true });
    expect(hintId).toBe("logo-hint");
    expect(control["aria-describedby"]).toBe("logo-hint");
    expect(control["aria-invalid"]).toBeUndefined();
  });

  it("marks a control invalid and describes it by hint then error", () => {
    const { errorId, control } = fieldWiring("strip", { hint: true, error: true });
    expect(errorId).toBe("strip-error");
    expect(control["aria-invalid"]).toBe(true);
    expect(control["aria-describedby"]).toBe("strip-hint strip-error");
  });
});
