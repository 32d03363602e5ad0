// The lint rule that keeps the whole contract of calls (zod and every schema) out of the browser's
// code (eslint.config.mjs, BROWSER_IMPORT_PATTERNS). ESLint loads its flat config as an ES module,
// which Jest's CommonJS sandbox cannot, so the imports are linted in one child Node process.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

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

const use = (spec: string) => `import { calls } from "${spec}";\nexport const y = calls;\n`;

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
    const results = lint([...refused, ...allowed].map(([file, spec]) => ({ file: file!, source: use(spec!) })));
    const restricted = results.map((ids) => ids.includes("no-restricted-imports"));
    expect(restricted).toEqual([...refused.map(() => true), ...allowed.map(() => false)]);
  });
});
