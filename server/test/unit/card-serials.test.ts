import { newSerial, newSerials, parseScannedCode } from "../../src/modules/loyalty/engine/codes";

// An import's cards take their serials from one draw of random bytes: each is a serial the scanner
// reads, and they differ from one another.
describe("card serials", () => {
  it("draws as many serials as asked, each in the LC-XXXX-XXXX-XXXX form the scanner reads, all different", () => {
    const serials = newSerials(5000);
    expect(serials).toHaveLength(5000);
    expect(new Set(serials).size).toBe(5000);
    for (const serial of serials) {
      expect(serial).toMatch(/^LC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(parseScannedCode(serial.toLowerCase().replace(/-/g, " "))).toEqual({ kind: "card", serial });
    }
    expect(newSerials(0)).toEqual([]);
  });

  it("uses every character of the alphabet across serials, one by one as in bulk", () => {
    const chars = (serials: string[]) => new Set(serials.join("").replace(/-/g, "").split(""));
    const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".split("").sort();
    expect([...chars(newSerials(500).map((s) => s.slice(3)))].sort()).toEqual(alphabet);
    expect([...chars(Array.from({ length: 500 }, () => newSerial().slice(3)))].sort()).toEqual(alphabet);
  });
});
