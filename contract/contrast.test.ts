import { contrastRatio, meetsAA, readableOn, relativeLuminance } from "./contrast";

describe("WCAG contrast", () => {
  it("gives the luminance of black, white and a mid grey", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBe(1);
    expect(relativeLuminance("#777777")).toBeCloseTo(0.1845, 3);
  });

  it("measures ratios the way WCAG's examples do", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#4f46e5", "#4f46e5")).toBe(1);
    // #767676 on white is the classic lightest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("passes AA at 4.5 and fails just under it", () => {
    expect(meetsAA("#767676", "#ffffff")).toBe(true);
    expect(meetsAA("#777777", "#ffffff")).toBe(false);
  });

  it("picks the readable one of black and white for any background, and it meets AA", () => {
    expect(readableOn("#4f46e5")).toBe("#ffffff");
    expect(readableOn("#ffeb3b")).toBe("#000000");
    expect(readableOn("#000000")).toBe("#ffffff");
    for (let v = 0; v < 256; v += 5) {
      for (const bg of [`#${hex(v)}0000`, `#00${hex(v)}00`, `#0000${hex(v)}`, `#${hex(v)}${hex(v)}${hex(v)}`]) {
        expect(meetsAA(readableOn(bg), bg)).toBe(true);
      }
    }
  });

  it("refuses what is not a #rrggbb colour", () => {
    expect(() => relativeLuminance("red")).toThrow();
  });
});

const hex = (v: number) => v.toString(16).padStart(2, "0");
