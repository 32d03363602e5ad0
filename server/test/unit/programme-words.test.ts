import {
  balanceAmount as amountIn,
  balanceText as textIn,
  deltaText as deltaIn,
  nextOption,
  type ProgrammeTerms,
} from "../../../contract/programme";
import { wordsIn } from "../../src/i18n/programme-words";

// The one text of a card's balance, at its edges, in the catalogue's words,
// English exactly as before.
const en = wordsIn("en");
const balanceText = (terms: ProgrammeTerms, balance: number) => textIn(terms, balance, en);
const balanceAmount = (terms: ProgrammeTerms, balance: number) => amountIn(terms, balance, en);
const deltaText = (terms: ProgrammeTerms, delta: number) => deltaIn(terms, delta, en);
const stamps: ProgrammeTerms = { kind: "stamps", stampsRequired: 10, currency: null };
const options = [
  { title: "Free cake", points: 250 },
  { title: "Free lunch", points: 400 },
  { title: "Coffee", points: 100 },
];
const points: ProgrammeTerms = { kind: "points", stampsRequired: null, options, currency: "EUR" };
const cashback = (currency: string): ProgrammeTerms => ({ kind: "cashback", stampsRequired: null, currency });

describe("balanceText", () => {
  it("counts stamps toward the reward, or alone without one", () => {
    expect(balanceText(stamps, 7)).toBe("7 of 10 stamps");
    expect(balanceText(stamps, 0)).toBe("0 of 10 stamps");
    expect(balanceText({ ...stamps, stampsRequired: null }, 1)).toBe("1 stamp");
    expect(balanceText({ ...stamps, stampsRequired: null }, 3)).toBe("3 stamps");
  });

  it("names what the next option still needs: the cheapest one not reached", () => {
    expect(balanceText(points, 340)).toBe("340 points — 60 to Free lunch");
    expect(balanceText(points, 1)).toBe("1 point — 99 to Coffee");
    expect(balanceText(points, 0)).toBe("0 points — 100 to Coffee");
    // Exactly an option's price affords it: the next one is named.
    expect(balanceText(points, 250)).toBe("250 points — 150 to Free lunch");
  });

  it("says the points alone when every option is affordable, or there is none", () => {
    expect(balanceText(points, 400)).toBe("400 points");
    expect(balanceText(points, 12_345)).toBe("12,345 points");
    expect(balanceText({ ...points, options: [] }, 5)).toBe("5 points");
    expect(balanceText({ ...points, options: undefined }, 1)).toBe("1 point");
  });

  it("writes cashback as money to spend with the currency's own decimals", () => {
    expect(balanceText(cashback("EUR"), 460)).toBe("€4.60 to spend");
    expect(balanceText(cashback("EUR"), 0)).toBe("€0.00 to spend");
    expect(balanceText(cashback("JPY"), 500)).toBe("¥500 to spend");
    expect(balanceText(cashback("KWD"), 1250)).toMatch(/^KWD\s1\.250 to spend$/);
    expect(balanceText(cashback("USD"), 123_456)).toBe("$1,234.56 to spend");
  });
});

describe("balanceAmount and deltaText", () => {
  it("are the balance alone and a signed change in the programme's unit", () => {
    expect(balanceAmount(points, 340)).toBe("340 points");
    expect(balanceAmount(cashback("JPY"), 7)).toBe("¥7");
    expect(deltaText(points, -100)).toBe("−100 points");
    expect(deltaText(stamps, 1)).toBe("+1 stamp");
    expect(deltaText(cashback("EUR"), 46)).toBe("+€0.46");
    expect(deltaText(cashback("KWD"), -5)).toMatch(/^−KWD\s0\.005$/);
  });
});

describe("nextOption", () => {
  it("is the cheapest option above the balance, in any order, or null", () => {
    expect(nextOption(0, options)).toEqual({ title: "Coffee", points: 100 });
    expect(nextOption(100, options)).toEqual({ title: "Free cake", points: 250 });
    expect(nextOption(400, options)).toBeNull();
    expect(nextOption(5)).toBeNull();
  });
});

describe("in other languages", () => {
  const es = wordsIn("es");
  const ar = wordsIn("ar");

  it("says Spanish plurals and Spanish money", () => {
    expect(textIn({ ...stamps, stampsRequired: null }, 1, es)).toBe("1 sello");
    expect(textIn({ ...stamps, stampsRequired: null }, 3, es)).toBe("3 sellos");
    expect(textIn(stamps, 7, es)).toBe("7 de 10 sellos");
    expect(textIn(points, 340, es)).toBe("340 puntos — faltan 60 para Free lunch");
    expect(textIn(points, 99, es)).toBe("99 puntos — falta 1 para Coffee");
    expect(textIn(cashback("EUR"), 460, es)).toBe("4,60\u00a0€ para gastar");
    expect(deltaIn(points, -1, es)).toBe("−1 punto");
  });

  it("says Arabic's plural forms: one, two, few, many and other", () => {
    const alone = { ...stamps, stampsRequired: null };
    expect(textIn(alone, 1, ar)).toBe("ختم واحد");
    expect(textIn(alone, 2, ar)).toBe("ختمان");
    expect(textIn(alone, 3, ar)).toBe("3 أختام");
    expect(textIn(alone, 11, ar)).toBe("11 ختمًا");
    expect(textIn(alone, 100, ar)).toBe("100 ختم");
    expect(amountIn(points, 2, ar)).toBe("نقطتان");
    expect(textIn(stamps, 7, ar)).toBe("7 من 10 أختام");
    expect(textIn(points, 340, ar)).toBe("340 نقطة — بقي 60 حتى Free lunch"); // 340: "many"
  });
});
