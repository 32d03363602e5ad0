// Keeps `npm ci` working with a registry that lacks other platforms' native binaries.
//
// Packages such as next, @swc/core and unrs-resolver list one optional binary package per
// platform. When the registry cannot serve some of them (this project's registry mirror holds the
// linux ones only), `npm install` leaves them out of package-lock.json, and `npm ci` then refuses
// the lock as out of sync. This adds each missing one as an optional entry restricted to its own
// platform, so npm skips it on every other machine, exactly as with a complete lock.
// Run after `npm install` (the `postinstall`-free way: `node scripts/lock-optional-platforms.mjs`).
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "linux", "win32", "freebsd", "android", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32", "mips64el"];

/** The os, cpu and libc that a platform package's name spells (e.g. swc-linux-arm64-musl). */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ??
    (parts.includes("arm") || parts.some((p) => p.startsWith("arm")) ? "arm" : undefined);
  if (!os || !cpu) return null;
  const libc = parts.some((p) => p.startsWith("musl"))
    ? "musl"
    : parts.some((p) => p.startsWith("gnu"))
      ? "glibc"
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === "linux" && { libc: [libc] }) };
}

/** Where node would find `dep` from the package at `from` (walks up node_modules folders). */
function resolves(from, dep) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${dep}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf("node_modules/");
    base = index <= 0 ? "" : base.slice(0, index - 1);
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, dep)) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) continue;
    packages[`node_modules/${dep}`] = { version: range, ...(entry.dev && { dev: true }), optional: true, ...platform };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${LOCK}: ${added} platform-specific optional package(s) recorded`);
