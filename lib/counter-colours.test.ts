import { contrastRatio, counterColours, COUNTER_BACKGROUND } from "./counter-colours";

describe("the counter screen's colours", () => {
  it("keeps text at 4.5:1 or more on every brand colour (a 4096-colour sweep, greys included)", () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) {
          const brand = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          const { background, text } = counterColours(brand);
          worst = Math.min(worst, contrastRatio(background, text));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it("picks dark text on light brands and light text on dark ones", () => {
    expect(counterColours("#ffd700").text).toBe("#000000");
    expect(counterColours("#4f46e5").text).toBe("#ffffff");
    // Mid grey, the hardest case: still AA.
    expect(contrastRatio("#777777", counterColours("#777777").text)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps today's dark screen when no colour (or no valid one) is set", () => {
    expect(counterColours(null)).toEqual({ background: COUNTER_BACKGROUND, text: "#ffffff" });
    expect(counterColours("red")).toEqual({ background: COUNTER_BACKGROUND, text: "#ffffff" });
  });

  it("measures WCAG's ratio: black on white is 21:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
