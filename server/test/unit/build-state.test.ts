import fs from "node:fs";
import path from "node:path";
import { targets } from "../../../scripts/lib/build-state.mjs";

// A build is made again when a file it is made from changes: every folder and file the web
// build and the API server read from must be among their sources.
const ROOT = path.resolve(__dirname, "../../..");

describe("the builds' sources", () => {
  it("name only paths that exist", () => {
    for (const target of Object.values(targets)) {
      expect(target.sources.filter((source) => !fs.existsSync(path.join(ROOT, source)))).toEqual([]);
    }
  });

  it("include every top-level part of the web app and the catalogues compiled into it", () => {
    for (const part of ["app", "components", "lib", "contract", "messages", "i18n", "web-server", "public"]) {
      expect(targets.web.sources).toContain(part);
    }
    for (const part of ["server/src", "contract"]) expect(targets.server.sources).toContain(part);
  });
});
