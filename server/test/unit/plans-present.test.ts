import { formatMinor, parseMajor } from "../../src/modules/plans/present";
import { sanitizePageHtml } from "../../../contract/sanitize";

describe("plan amounts", () => {
  it.each([
    [2900, "29.00"],
    [1905, "19.05"],
    [49000, "490.00"],
    [7, "0.07"],
  ])("%i minor units are %s", (minor, major) => {
    expect(formatMinor(minor)).toBe(major);
    expect(parseMajor(major)).toBe(minor);
  });

  it("reads one-decimal and whole amounts, refuses anything else", () => {
    expect(parseMajor("5")).toBe(500);
    expect(parseMajor("5.5")).toBe(550);
    expect(() => parseMajor("5.555")).toThrow();
    expect(() => parseMajor("-1")).toThrow();
  });
});

describe("sanitizePageHtml", () => {
  it("drops scripts with their text, event handlers, styles and javascript: links", () => {
    expect(
      sanitizePageHtml(
        '<p style="color:red" onmouseover="x()">A</p><script>steal()</script><iframe src="https://e.com"></iframe><a href="JavaScript:x()">b</a>',
      ),
    ).toBe("<p>A</p><a>b</a>");
  });

  it("keeps the structure of a legal text and marks outbound links", () => {
    expect(sanitizePageHtml('<h2>T</h2><ul><li><strong>x</strong></li></ul><a href="mailto:a@b.c">m</a>')).toBe(
      '<h2>T</h2><ul><li><strong>x</strong></li></ul><a href="mailto:a@b.c">m</a>',
    );
    expect(sanitizePageHtml('<a href="https://x.org" target="_blank">x</a>')).toBe(
      '<a href="https://x.org" rel="noopener noreferrer">x</a>',
    );
  });
});
