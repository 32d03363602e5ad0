import { ConfigError, loadConfig } from "../../src/config";

const account = {
  project_id: "demo-project",
  client_email: "push@demo-project.iam.gserviceaccount.com",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
};

describe("FIREBASE_SERVICE_ACCOUNT", () => {
  it("is off when unset", () => {
    expect(loadConfig({}).fcm).toBeUndefined();
  });

  it("reads the JSON key as it is or base64-encoded, with Google's endpoints by default", () => {
    const plain = loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) }).fcm;
    const encoded = loadConfig({
      FIREBASE_SERVICE_ACCOUNT: Buffer.from(JSON.stringify(account)).toString("base64"),
    }).fcm;
    expect(plain).toEqual({
      projectId: "demo-project",
      clientEmail: account.client_email,
      privateKey: account.private_key,
    });
    expect(encoded).toEqual(plain);
  });

  it("reaches Google through HTTPS_PROXY, trusting HTTPS_PROXY_CA, when they are set", () => {
    const ca = "-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----";
    const fcm = loadConfig({
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account),
      HTTPS_PROXY: "http://proxy.internal:3128",
      HTTPS_PROXY_CA: ca,
    }).fcm;
    expect(fcm?.proxy).toEqual({
      url: "http://proxy.internal:3128",
      ca: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    });
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) }).fcm?.proxy).toBeUndefined();
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account), HTTPS_PROXY_CA: "x" })).toThrow(
      /HTTPS_PROXY_CA/,
    );
  });

  it.each([
    ["not JSON", "{nope"],
    ["no private key", JSON.stringify({ ...account, private_key: "" })],
    ["no project", JSON.stringify({ client_email: "a@b", private_key: "k" })],
  ])("refuses a key with %s, naming the variable", (_, value) => {
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: value })).toThrow(ConfigError);
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: value })).toThrow(/FIREBASE_SERVICE_ACCOUNT/);
  });
});
