import { execFileSync } from "node:child_process";
import path from "node:path";

// The programme kinds are a seam: outside their faces (contract/kinds, server/src/kinds,
// components/kinds), no code branches on a kind's name, in TypeScript or in SQL. Each kind answers
// for itself (kindOf(kind), serverKind(kind), webKind(kind)), so adding a kind is its three faces,
// its messages and the registries' lines, not a hunt through every module.
const root = path.resolve(__dirname, "../../..");

/** The folders held to the rule: the server, the contract and the web. */
const FOLDERS = ["server/src", "contract", "components", "lib", "app"];

/** A kind's own faces: the only places that may name a kind. */
const KIND_FACES = ["contract/kinds", "server/src/kinds", "components/kinds"];

/** Lines of `grep -rnE pattern` over the folders' TypeScript, tests and the kinds' faces left out. */
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
  return out.split("\n").filter((line) => {
    const file = line.split(":")[0]!;
    return line !== "" && !/\.test\./.test(file) && !KIND_FACES.some((face) => file.startsWith(`${face}/`));
  });
}

describe("outside the kinds' faces, nothing branches on a programme kind's name", () => {
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
