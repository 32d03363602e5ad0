// Lints one import per case with the project's ESLint config, for the tests of its import rules.
// ESLint loads its flat config as an ES module, which Jest's CommonJS sandbox cannot, so the cases
// are linted in one child Node process through ESLint's own API.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A module importing `name` from `spec` and using it, as a file of the project would. */
export const importing = (spec, name = "x") => `import { ${name} } from "${spec}";\nexport const y = ${name};\n`;

/** The rule ids ESLint reports for each case ({file, source}: `file` relative to the root), in order. */
export function lintRuleIds(cases) {
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
  return JSON.parse(stdout);
}
