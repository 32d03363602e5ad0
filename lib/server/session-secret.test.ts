import fs from "node:fs";
import os from "node:os";
import path from "node:path";

describe("session secret", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    jest.resetModules();
    jest.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A fresh module each time (jest.resetModules): its in-memory cache must not hide the file.
  const load = () => import("./session-secret");

  it("uses SESSION_SECRET when set and writes nothing", async () => {
    const configured = "s".repeat(40);
    expect((await load()).sessionSecret(configured, dir)).toBe(configured);
    expect(fs.existsSync(path.join(dir, ".secret"))).toBe(false);
  });

  it("generates a secret once into DATA_DIR/.secret, private to the owner, and reuses it", async () => {
    const first = (await load()).sessionSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, ".secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET is not set"));
    jest.resetModules();
    expect((await load()).sessionSecret(undefined, dir)).toBe(first);
  });

  it("refuses a stored secret that is too short", async () => {
    fs.writeFileSync(path.join(dir, ".secret"), "short");
    const { sessionSecret } = await load();
    expect(() => sessionSecret(undefined, dir)).toThrow(/shorter than 32/);
  });
});
