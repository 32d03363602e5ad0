// The layer rules of the API server (.dependency-cruiser.cjs, run by `npm run lint`): a loop or an
// upward import in server/src fails the lint. Each case is a tiny tree of its own, cruised with the
// repository's config in one child process, so that the rules are seen to bite, not only to pass.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

type Violation = { rule: { name: string }; from: string; to: string };

/** The rules the files break, as "rule: from → to", sorted. `files` maps a path to its imports. */
function violations(files: Record<string, string[]>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "layers-"));
  try {
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      const lines = imports.map((spec, i) => `import { x as x${i} } from "${spec}";\nexport const y${i} = x${i};`);
      writeFileSync(path.join(dir, file), [...lines, "export const x = 1;"].join("\n"));
    }
    let stdout: string;
    try {
      stdout = execFileSync(
        depcruise,
        ["server/src", "--config", path.join(root, ".dependency-cruiser.cjs"), "-T", "json"],
        {
          cwd: dir,
          encoding: "utf8",
        },
      );
    } catch (error) {
      // depcruise exits non-zero when it finds errors; its JSON is on stdout all the same.
      stdout = (error as { stdout: string }).stdout;
    }
    const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the server's layer rules", () => {
  it("pass a tree whose imports all run downwards", () => {
    expect(
      violations({
        "server/src/config.ts": [],
        "server/src/db/client.ts": ["../config"],
        "server/src/http/route.ts": ["../db/client"],
        "server/src/services/jobs.ts": ["../http/route", "../db/client"],
        "server/src/modules/a/routes.ts": ["../../services/jobs", "../b/service"],
        "server/src/modules/b/service.ts": ["../../http/route"],
        "server/src/app.ts": ["./modules/a/routes", "./services/jobs"],
        "server/src/main.ts": ["./app"],
      }),
    ).toEqual([]);
  });

  it("refuse a loop between two files", () => {
    expect(
      violations({
        "server/src/modules/a/one.ts": ["./two"],
        "server/src/modules/a/two.ts": ["./one"],
      }),
    ).toEqual(["no-circular: server/src/modules/a/one.ts → server/src/modules/a/two.ts"]);
  });

  it("refuse a loop between two module folders, though no file imports itself", () => {
    const found = violations({
      "server/src/modules/a/one.ts": ["../b/one"],
      "server/src/modules/b/one.ts": [],
      "server/src/modules/b/two.ts": ["../a/two"],
      "server/src/modules/a/two.ts": [],
    });
    expect(found.some((v) => v.startsWith("no-circular-between-modules:"))).toBe(true);
    expect(found.some((v) => v.startsWith("no-circular:"))).toBe(false);
  });

  it("refuse an import from a lower layer into a higher one", () => {
    expect(
      violations({
        "server/src/config.ts": ["./modules/a/settings"],
        "server/src/modules/a/settings.ts": [],
        "server/src/http/route.ts": ["../modules/a/settings"],
        "server/src/db/client.ts": ["../services/jobs"],
        "server/src/services/jobs.ts": [],
        "server/src/modules/b/routes.ts": ["../../app"],
        "server/src/app.ts": [],
      }),
    ).toEqual([
      "no-upward-from-base: server/src/config.ts → server/src/modules/a/settings.ts",
      "no-upward-from-db: server/src/db/client.ts → server/src/services/jobs.ts",
      "no-upward-from-http: server/src/http/route.ts → server/src/modules/a/settings.ts",
      "no-upward-from-modules: server/src/modules/b/routes.ts → server/src/app.ts",
    ]);
  });

  it("keep the programme kinds' server face a layer above the words and below the database; the contract the ground", () => {
    expect(
      violations({
        "server/src/i18n/words.ts": [],
        "server/src/modules/a/routes.ts": ["../../kinds/index", "../../../../contract/kinds/index"],
        "server/src/kinds/index.ts": ["./stamps"],
        "server/src/kinds/stamps.ts": ["../i18n/words", "../../../contract/kinds/stamps"],
        "contract/kinds/index.ts": ["./stamps"],
        "contract/kinds/stamps.ts": [],
      }),
    ).toEqual([]);
    expect(
      violations({
        "server/src/db/client.ts": [],
        "server/src/modules/a/service.ts": [],
        "server/src/modules/b/routes.ts": ["../../../../contract/kinds/stamps"],
        "server/src/kinds/stamps.ts": ["../db/client", "../modules/a/service"],
        "contract/kinds/stamps.ts": ["../../server/src/kinds/stamps", "../../components/kinds/stamps/web"],
        "components/kinds/stamps/web.tsx": [],
      }),
    ).toEqual([
      "contract-stays-shared: contract/kinds/stamps.ts → components/kinds/stamps/web.tsx",
      "contract-stays-shared: contract/kinds/stamps.ts → server/src/kinds/stamps.ts",
      "no-upward-from-kinds: server/src/kinds/stamps.ts → server/src/db/client.ts",
      "no-upward-from-kinds: server/src/kinds/stamps.ts → server/src/modules/a/service.ts",
    ]);
  });
});
