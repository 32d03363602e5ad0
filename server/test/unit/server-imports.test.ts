// The lint rule that keeps web code out of the API server (eslint.config.mjs).
// ESLint loads its flat config as an ES module, which Jest's CommonJS sandbox cannot, so the
// imports are linted in one child Node process through ESLint's own API.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");

type Case = { file: string; source: string };

/** The rule ids ESLint reports for each case, in order. */
function lint(cases: Case[]): string[][] {
  const code = `
    import { ESLint } from "eslint";
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
    const cases = ${JSON.stringify(cases)};
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.source, { filePath: c.file });
      out.push(result.messages.map((m) => m.ruleId ?? m.message));
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" });
  return JSON.parse(stdout) as string[][];
}

const use = (spec: string) => `import { x } from "${spec}";\nexport const y = x;\n`;

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
    const results = lint([...refused, ...allowed].map(([file, spec]) => ({ file: file!, source: use(spec!) })));
    const restricted = results.map((ids) => ids.includes("no-restricted-imports"));
    expect(restricted).toEqual([...refused.map(() => true), ...allowed.map(() => false)]);
  });
});
