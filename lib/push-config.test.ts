import { parsePushConfig } from "./push-config";

const config = JSON.stringify({ apiKey: "k", projectId: "p", messagingSenderId: "1", appId: "1:1:web:1" });

describe("parsePushConfig", () => {
  it("needs both the Firebase web config and the VAPID key", () => {
    expect(parsePushConfig(config, "vapid")).toEqual({
      firebase: { apiKey: "k", projectId: "p", messagingSenderId: "1", appId: "1:1:web:1" },
      vapidKey: "vapid",
    });
    expect(parsePushConfig(config, undefined)).toBeNull();
    expect(parsePushConfig(undefined, "vapid")).toBeNull();
  });

  it("treats an incomplete or unreadable config as not configured", () => {
    expect(parsePushConfig("{not json", "vapid")).toBeNull();
    expect(parsePushConfig(JSON.stringify({ apiKey: "k" }), "vapid")).toBeNull();
  });
});
