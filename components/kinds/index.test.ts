import { ownerWords, webKind } from ".";

describe("the owner's shared words", () => {
  it("are the one kind the owner runs, a stamp card's before any, and the mixed ones otherwise", () => {
    expect(ownerWords(["points"])).toBe("kinds.points");
    expect(ownerWords(["cashback", "cashback"])).toBe("kinds.cashback");
    expect(ownerWords([])).toBe("kinds.stamps");
    expect(ownerWords(["points", "stamps"])).toBe("kinds.mixed");
    expect(ownerWords(undefined)).toBe("kinds.mixed");
  });

  it("a card or reward without a kind is a stamp card's", () => {
    expect(webKind(undefined).ns).toBe("kinds.stamps");
    expect(webKind("points").face).toBe("balance");
  });
});

describe("a kind's words namespace without its face", () => {
  it("is the registry's, and a stamp card's for a card without a kind", async () => {
    const { kindNs } = await import("./ns");
    for (const kind of ["stamps", "points", "cashback"] as const) expect(kindNs(kind)).toBe(webKind(kind).ns);
    expect(kindNs(undefined)).toBe("kinds.stamps");
    expect(kindNs(null)).toBe("kinds.stamps");
  });
});

describe("a kind's card face without its reward fields", () => {
  it("is the registry's, and a stamp card's grid for a card without a kind", async () => {
    const { cardFace } = await import("./card-face");
    for (const kind of ["stamps", "points", "cashback"] as const) expect(cardFace(kind)).toBe(webKind(kind).face);
    expect(cardFace(undefined)).toBe("grid");
  });
});

describe("an amount in a kind's unit (the dashboard's happy-hour extra)", () => {
  it("is said in the kind's own words: stamps, points, visits, or money from minor units", () => {
    const words = {
      locale: "en",
      stamps: (n: number) => `${n} stamps`,
      points: (n: number) => `${n} points`,
      visits: (n: number) => `${n} visits`,
    } as unknown as Parameters<ReturnType<typeof webKind>["amountText"]>[2];
    expect(webKind("stamps").amountText(12, "GBP", words)).toBe("12 stamps");
    expect(webKind("points").amountText(340, "EUR", words)).toBe("340 points");
    expect(webKind("multipass").amountText(3, "EUR", words)).toBe("3 visits");
    expect(webKind("cashback").amountText(340, "GBP", words)).toBe("£3.40");
    expect(webKind("cashback").amountText(500, "JPY", words)).toBe("¥500");
  });
});
