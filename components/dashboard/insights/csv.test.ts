import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes fields with commas, quotes and line breaks, and ends lines with CRLF", () => {
    expect(
      toCsv([
        ["Month", "Share"],
        ['Café, "best"', 0.5],
        ["a\nb", 3],
      ]),
    ).toBe('Month,Share\r\n"Café, ""best""",0.5\r\n"a\nb",3\r\n');
  });
  it("defuses a text field that a spreadsheet would run as a formula", () => {
    expect(toCsv([["=SUM(A1)", -2]])).toBe("'=SUM(A1),-2\r\n");
  });
});
