import fs from "node:fs";
import path from "node:path";

// The API server sets no V8 flag at run time (v8.setFlagsFromString, which Node's
// documentation warns may behave unpredictably): the export keeps memory flat by design instead.
const src = path.resolve(__dirname, "../../src");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|mts|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
  });
}

it("sets no V8 flag from the server's code", () => {
  const files = sources(src);
  expect(files.length).toBeGreaterThan(50);
  const setting = files.filter((file) => /setFlagsFromString|--no-allocation-site/.test(fs.readFileSync(file, "utf8")));
  expect(setting.map((file) => path.relative(src, file))).toEqual([]);
});
