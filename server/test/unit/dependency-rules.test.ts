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

  it("keep the programme kinds a seam: the server never imports their web half, their shared half never the server", () => {
    expect(
      violations({
        "server/src/i18n/words.ts": [],
        "server/src/modules/a/routes.ts": ["../../../../kinds/server", "../../../../kinds/index"],
        "kinds/index.ts": ["./stamps/shared"],
        "kinds/server.ts": ["./stamps/server"],
        "kinds/stamps/shared.ts": [],
        "kinds/stamps/server.ts": ["./shared", "../../server/src/i18n/words"],
      }),
    ).toEqual([]);
    expect(
      violations({
        "server/src/modules/a/routes.ts": [
          "../../../../kinds/web",
          "../../../../kinds/stamps/web",
          "../../../../kinds/stamps/shared",
          "../../../../kinds/stamps/server",
        ],
        "server/src/modules/a/service.ts": [],
        "kinds/web.ts": [],
        "kinds/stamps/web.ts": [],
        "kinds/stamps/shared.ts": ["../../server/src/modules/a/service", "./server"],
        "kinds/stamps/server.ts": ["../../server/src/modules/a/service"],
      }),
    ).toEqual([
      "kinds-below-modules: kinds/stamps/server.ts → server/src/modules/a/service.ts",
      "kinds-below-modules: kinds/stamps/shared.ts → server/src/modules/a/service.ts",
      "kinds-shared-stays-shared: kinds/stamps/shared.ts → kinds/stamps/server.ts",
      "kinds-shared-stays-shared: kinds/stamps/shared.ts → server/src/modules/a/service.ts",
      "no-circular-between-modules: server/src/modules/a → kinds",
      "no-circular-between-modules: server/src/modules/a → kinds/stamps",
      "server-imports-no-web-kinds: server/src/modules/a/routes.ts → kinds/stamps/web.ts",
      "server-imports-no-web-kinds: server/src/modules/a/routes.ts → kinds/web.ts",
    ]);
  });
});
