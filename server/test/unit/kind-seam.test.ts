import { execFileSync } from "node:child_process";
import path from "node:path";

// The programme kinds are a seam (kinds/): outside kinds/, no code branches on a kind's name, in
// TypeScript or in SQL. Each kind answers for itself (kindOf(kind), serverKind(kind)), so adding a
// kind is its folder, its messages and the registries' line, not a hunt through every module.
const root = path.resolve(__dirname, "../../..");

/** The folders held to the rule: the server, the contract and the web. */
const FOLDERS = ["server/src", "contract", "components", "lib", "app"];

/** Lines of `grep -rnE pattern` over the folders' TypeScript, tests left out. */
function grep(pattern: string): string[] {
  let out = "";
  try {
    out = execFileSync("grep", ["-rnE", pattern, ...FOLDERS, "--include=*.ts", "--include=*.tsx"], {
      cwd: root,
      encoding: "utf8",
    });
  } catch (error) {
    // grep exits 1 when nothing matches: the answer this test wants.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return out.split("\n").filter((line) => line !== "" && !/\.test\./.test(line.split(":")[0]!));
}

describe("outside kinds/, nothing branches on a programme kind's name", () => {
  it("compares no kind name in TypeScript (=== or !== 'stamps', 'points', 'cashback')", () => {
    expect(grep(`(===|!==) ['"](stamps|points|cashback)['"]`)).toEqual([]);
  });

  it("switches on no kind name (case 'points':)", () => {
    expect(grep(`case ['"](stamps|points|cashback)['"]`)).toEqual([]);
  });

  it("writes no kind name as an SQL literal ('stamps', when 'points', kind <> 'cashback')", () => {
    expect(grep(`'(stamps|points|cashback)'`)).toEqual([]);
  });
});
