// The lint rule that keeps web code out of the API server (eslint.config.mjs).
import { importing, lintRuleIds } from "../../../scripts/lib/lint-imports.mjs";

describe("server code imports no web code", () => {
  it("refuses lib/ outside contract/, app/, components/ and the @/ alias in server/**, and allows the contract", () => {
    const refused = [
      ["server/src/modules/site/routes.ts", "../../../../lib/sanitize"],
      ["server/src/services/payments/sandbox.ts", "../../../../lib/browser/payments/test-cards"],
      ["server/src/app.ts", "../../lib/server/bff"],
      ["server/test/api/x.test.ts", "../../../components/button"],
      ["server/src/app.ts", "@/lib/server/session"],
      ["server/src/app.ts", "@/app/layout"],
      // A folder whose name only starts with "contract" is not the contract.
      ["server/src/app.ts", "../../lib/contractual"],
      // A programme kind's web face is the browser's.
      ["server/src/modules/loyalty/cards.ts", "../../../../components/kinds"],
      ["server/src/modules/loyalty/cards.ts", "../../../../components/kinds/points/web"],
    ];
    const allowed = [
      ["server/src/modules/site/routes.ts", "../../../../contract/sanitize"],
      ["server/src/app.ts", "../../contract"],
      ["server/src/app.ts", "@/contract/calls"],
      ["server/src/app.ts", "./http/route"],
      ["server/src/modules/loyalty/cards.ts", "../../kinds"],
      ["server/src/modules/loyalty/cards.ts", "../../../../contract/kinds/points"],
      ["server/test/unit/x.test.ts", "../../../scripts/lib/ports.mjs"],
      // Outside server/ the rule does not apply: the web app uses its own lib/.
      ["lib/server/site-data.ts", "./sanitize"],
      ["components/x.tsx", "@/lib/server/session"],
    ];
    const results = lintRuleIds(
      [...refused, ...allowed].map(([file, spec]) => ({ file: file!, source: importing(spec!) })),
    );
    const restricted = results.map((ids) => ids.includes("no-restricted-imports"));
    expect(restricted).toEqual([...refused.map(() => true), ...allowed.map(() => false)]);
  });
});
