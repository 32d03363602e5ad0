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
      tokenUri: "https://oauth2.googleapis.com/token",
      endpoint: "https://fcm.googleapis.com",
    });
    expect(encoded).toEqual(plain);
  });

  it("takes the key's token_uri and FCM_ENDPOINT", () => {
    const fcm = loadConfig({
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account, token_uri: "http://127.0.0.1:9/token" }),
      FCM_ENDPOINT: "http://127.0.0.1:9/",
    }).fcm;
    expect(fcm).toMatchObject({ tokenUri: "http://127.0.0.1:9/token", endpoint: "http://127.0.0.1:9" });
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
