// The lint rule that keeps the whole contract of calls (zod and every schema) out of the browser's
// code (eslint.config.mjs, BROWSER_IMPORT_PATTERNS).
import { importing, lintRuleIds } from "../../scripts/lib/lint-imports.mjs";

describe("the browser's code does not import the contract of calls", () => {
  it("refuses contract/calls in components/ and lib/browser/, and allows the browser's table and the server side", () => {
    const refused = [
      ["components/dashboard/new-section/new-section.tsx", "@/contract/calls"],
      ["components/dashboard/main/dashboard-main.tsx", "../../../contract/calls"],
      ["lib/browser/queries/new-resource.ts", "@/contract/calls"],
      ["lib/browser/queries/new-resource.ts", "../../../contract/calls"],
      ["lib/browser/api-client.ts", "../../contract/calls"],
    ];
    const allowed = [
      ["components/dashboard/new-section/new-section.tsx", "@/contract/browser-calls"],
      ["lib/browser/queries/new-resource.ts", "@/contract/browser-calls"],
      ["lib/browser/queries/new-resource.ts", "@/contract/client-calls"],
      // Tests read the whole contract; the web server's code is not shipped to the browser.
      ["lib/browser/queries/all-pages.test.ts", "../../../contract/calls"],
      ["lib/server/bff/forward.ts", "../../../contract/calls"],
      ["app/card/preferences/page.tsx", "@/contract/calls"],
    ];
    const results = lintRuleIds(
      [...refused, ...allowed].map(([file, spec]) => ({ file: file!, source: importing(spec!, "calls") })),
    );
    const restricted = results.map((ids) => ids.includes("no-restricted-imports"));
    expect(restricted).toEqual([...refused.map(() => true), ...allowed.map(() => false)]);
  });
});
