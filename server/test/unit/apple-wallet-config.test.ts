import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { ConfigError, loadConfig } from "../../src/config";
import { appleEnv, makeAppleCertificates } from "../helpers/apple-wallet";

const certs = makeAppleCertificates();
const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("Apple Wallet configuration", () => {
  it("is off without any of its variables", () => {
    expect(load({}).appleWallet).toBeUndefined();
  });

  it("reads a full setup, with PEMs as text, base64 or one line with \\n escapes", () => {
    const config = load(
      appleEnv(certs, {
        APPLE_PASS_CERT: Buffer.from(certs.pass.certPem).toString("base64"),
        APPLE_WWDR_CERT: certs.wwdr.certPem.replace(/\n/g, "\\n"),
      }),
    ).appleWallet;
    expect(config).toMatchObject({
      passTypeId: "pass.com.example.loyalty-test",
      teamId: "ABCDE12345",
      passCert: certs.pass.certPem,
      wwdrCert: certs.wwdr.certPem,
      apnsEndpoint: "https://api.push.apple.com",
    });
  });

  it("refuses to start when partly configured, naming what is missing", () => {
    const message = refusal({ APPLE_PASS_TYPE_ID: "pass.com.example.x", APPLE_TEAM_ID: "ABCDE12345" });
    expect(message).toContain("APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT");
    expect(message).toContain("set all or none");
    expect(refusal({ APNS_ENDPOINT: "https://api.push.apple.com" })).toContain("APPLE_PASS_TYPE_ID");
  });

  it("refuses unreadable certificates, a key that does not open, and odd identifiers", () => {
    expect(refusal(appleEnv(certs, { APPLE_PASS_CERT: "not a certificate" }))).toContain("APPLE_PASS_CERT");
    expect(refusal(appleEnv(certs, { APPLE_WWDR_CERT: certs.pass.keyPem }))).toContain("APPLE_WWDR_CERT");
    const locked = createPrivateKey(certs.pass.keyPem)
      .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "right" })
      .toString();
    expect(refusal(appleEnv(certs, { APPLE_PASS_KEY: locked, APPLE_PASS_KEY_PASSPHRASE: "wrong" }))).toContain(
      "APPLE_PASS_KEY",
    );
    expect(
      load(appleEnv(certs, { APPLE_PASS_KEY: locked, APPLE_PASS_KEY_PASSPHRASE: "right" })).appleWallet,
    ).toBeTruthy();
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const otherKey = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(refusal(appleEnv(certs, { APPLE_PASS_KEY: otherKey }))).toContain("is not the key of APPLE_PASS_CERT");
    expect(refusal(appleEnv(certs, { APPLE_PASS_TYPE_ID: "com.example" }))).toContain("APPLE_PASS_TYPE_ID");
    expect(refusal(appleEnv(certs, { APPLE_TEAM_ID: "abc" }))).toContain("APPLE_TEAM_ID");
    expect(refusal(appleEnv(certs, { APNS_ENDPOINT: "http://api.push.apple.com" }))).toContain("APNS_ENDPOINT");
  });
});
