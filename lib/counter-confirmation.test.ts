import { confirmation } from "./counter-confirmation";

// The counter screen's confirmation in the programme's own terms.
describe("the counter screen's confirmation", () => {
  it("says a points visit's balance text, and a cashback visit's money to spend", () => {
    const points = { stamps: 340, stamps_required: 0, kind: "points" as const };
    expect(confirmation({ ...points, action: "stamp", balance_text: "340 points — 60 to Free lunch" })).toBe(
      "Points added · 340 points — 60 to Free lunch",
    );
    expect(confirmation({ ...points, action: "join", balance_text: "1 point — 99 to Coffee" })).toBe(
      "Welcome! Card created · 1 point — 99 to Coffee",
    );
    expect(
      confirmation({
        action: "stamp",
        stamps: 460,
        stamps_required: 0,
        kind: "cashback",
        balance_text: "€4.60 to spend",
      }),
    ).toBe("Visit recorded · €4.60 to spend");
  });

  it("keeps a stamp card's words, also from a server that sends no balance text", () => {
    const stamp = { action: "stamp" as const, stamps: 3, stamps_required: 10 };
    expect(confirmation(stamp)).toBe("Stamp added · 3 of 10");
    expect(confirmation({ ...stamp, kind: "stamps", balance_text: "3 of 10 stamps" })).toBe("Stamp added · 3 of 10");
    expect(confirmation({ ...stamp, stamps_required: null })).toBe("Stamp added · 3");
    expect(confirmation({ action: "join", stamps: 1, stamps_required: 5 })).toBe("Welcome! Card created · 1 of 5");
  });
});
