import { hashSecret, otpCode, randomToken, sha256, timingDummyHash, verifySecret } from "../../src/crypto";

describe("crypto", () => {
  it("hashes secrets with argon2id at OWASP's baseline, salted", async () => {
    const first = await hashSecret("a secret");
    const second = await hashSecret("a secret");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("a secret");
  });

  it("verifies the right secret only, and answers false to a malformed hash", async () => {
    const hashed = await hashSecret("a secret");
    expect(await verifySecret(hashed, "a secret")).toBe(true);
    expect(await verifySecret(hashed, "a secreT")).toBe(false);
    expect(await verifySecret(hashed, "")).toBe(false);
    expect(await verifySecret("not a hash", "a secret")).toBe(false);
    expect(await verifySecret("", "a secret")).toBe(false);
  });

  it("computes sha256 as lower-case hex", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("makes URL-safe 256-bit tokens", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("draws 6-digit codes, zero-padded", () => {
    const codes = Array.from({ length: 2000 }, () => otpCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it("keeps one dummy hash for timing-safe logins of unknown emails", async () => {
    const dummy = await timingDummyHash();
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await timingDummyHash()).toBe(dummy);
  });
});
