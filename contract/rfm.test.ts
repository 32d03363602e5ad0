import { SEGMENTS, rfmSegmentOfName } from "./customers";
import { RFM_SEGMENTS, RFM_TABLE, rfmSegmentOf } from "./rfm";

describe("the RFM table", () => {
  it("names every pair of scores, and every name is reached", () => {
    expect(RFM_TABLE).toHaveLength(5);
    for (const row of RFM_TABLE) expect(row).toHaveLength(5);
    expect(new Set(RFM_TABLE.flat())).toEqual(new Set(RFM_SEGMENTS));
  });

  it("reads the best corner as champions and the worst as lost; spend moves the column by the mean", () => {
    expect(rfmSegmentOf(5, 5, null)).toBe("champions");
    expect(rfmSegmentOf(1, 1, null)).toBe("lost");
    expect(rfmSegmentOf(1, 5, null)).toBe("at_risk");
    expect(rfmSegmentOf(5, 1, null)).toBe("promising");
    expect(rfmSegmentOf(3, 1, null)).toBe("needs_attention");
    expect(rfmSegmentOf(2, 2, null)).toBe("hibernating");
    expect(rfmSegmentOf(5, 5, 2)).toBe("champions");
    expect(rfmSegmentOf(5, 5, 1)).toBe("loyal");
  });

  it("makes each named segment a message segment, rfm:<name>", () => {
    const named = SEGMENTS.flatMap((s) => rfmSegmentOfName(s) ?? []);
    expect(named).toEqual([...RFM_SEGMENTS]);
    expect(rfmSegmentOfName("all")).toBeUndefined();
  });
});
