import fc from "fast-check";
import { STAFF_MATCH_MINUTES } from "../../../contract/analytics";
import { matchEarns, matchObjects } from "../../src/modules/insights/staff-days";

// Staff earns are matched to till payments one-to-one, nearest first (ties: earn id, then payment
// id). The matching of a busy day sorts its candidate pairs encoded as numbers; it must take the
// same pairs as the plain one, ties included.

const WINDOW = STAFF_MATCH_MINUTES * 60_000;

/** Items at times within a short span (so many pairs are candidates, many at equal distances), ids shuffled. */
const timed = (max: number) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 3 * WINDOW }), fc.integer({ min: 1, max: 1_000_000 })), {
      maxLength: max,
    })
    .map((items) => {
      const seen = new Set<number>();
      return items
        .filter(([, id]) => !seen.has(id) && seen.add(id))
        .map(([at, id]) => ({ id, at: at - (at % 60_000) * (id % 2) }))
        .sort((a, b) => a.at - b.at || a.id - b.id);
    });

it("takes the same pairs as the plain matching, ties and all", () => {
  fc.assert(
    fc.property(timed(60), timed(60), (earns, payments) => {
      expect([...matchEarns(earns, payments)].sort()).toEqual([...matchObjects(earns, payments)].sort());
    }),
    { numRuns: 300 },
  );
});

it("matches nearest first: an earn between two payments takes the nearer; a payment answers one earn", () => {
  const earns = [
    { id: 1, at: 0 },
    { id: 2, at: 60_000 },
  ];
  const payments = [{ id: 10, at: 50_000 }];
  expect([...matchEarns(earns, payments)]).toEqual([2]);
  expect([...matchEarns([{ id: 1, at: 0 }], [{ id: 9, at: WINDOW + 1 }])]).toEqual([]);
  // Equal distances: the lower earn id first.
  expect([
    ...matchEarns(
      [
        { id: 7, at: 0 },
        { id: 3, at: 20_000 },
      ],
      [{ id: 5, at: 10_000 }],
    ),
  ]).toEqual([3]);
});
