import { unhandledRejection } from "../../src/unhandled";

describe("a rejection nobody handles", () => {
  const run = (reason: unknown) => {
    const lines: string[] = [];
    const exits: number[] = [];
    unhandledRejection(
      { warn: (_, msg) => lines.push(`warn ${msg}`), fatal: (_, msg) => lines.push(`fatal ${msg}`) },
      (code) => exits.push(code),
    )(reason);
    return { lines, exits };
  };

  it("is logged and survived when the database is out of reach (a restart, a failover)", () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(run(lost)).toEqual({
      lines: ["warn a background statement failed while the database was out of reach; going on"],
      exits: [],
    });
    expect(run(new Error("Connection terminated unexpectedly")).exits).toEqual([]);
  });

  it("ends the process for anything else, as Node would", () => {
    expect(run(new TypeError("x is not a function"))).toEqual({ lines: ["fatal unhandled rejection"], exits: [1] });
  });
});
