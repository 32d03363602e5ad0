// Decides whether the production builds are older than their sources.
import fs from "node:fs";
import path from "node:path";

function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    max = Math.max(max, newest(path.join(entry, child)));
  }
  return max;
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

export const targets = {
  server: {
    output: "server/dist/main.cjs",
    sources: ["server/src", "contract", "package-lock.json"],
    command: ["run", "build:server"],
  },
  web: {
    // Written last by build:web (after .next/BUILD_ID).
    output: "dist/web-server.cjs",
    sources: [
      "app",
      "components",
      "lib",
      "contract",
      // The catalogues are compiled into the build (next-intl's precompile).
      "messages",
      "i18n",
      "web-server",
      "public",
      "proxy.ts",
      "instrumentation.ts",
      "next.config.mjs",
      "tsconfig.json",
      "package-lock.json",
    ],
    command: ["run", "build:web"],
  },
};

/** True when the target's output is missing or older than any of its sources. */
export function isStale(target) {
  const built = mtime(target.output);
  return built === 0 || target.sources.some((source) => newest(source) > built);
}
