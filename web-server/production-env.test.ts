import { missingProductionSettings } from "./production-env";

describe("missingProductionSettings (the web server's start-up check)", () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "x".repeat(32),
    PUBLIC_APP_URL: "https://cards.example.com",
    PAYMENTS_MODE: "live",
  };

  it("accepts a complete production environment", () => {
    expect(missingProductionSettings(production)).toEqual([]);
  });

  it("names each missing variable (empty counts as missing)", () => {
    expect(missingProductionSettings({ ...production, SESSION_SECRET: "" })).toEqual(["SESSION_SECRET"]);
    expect(missingProductionSettings({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET",
      "PUBLIC_APP_URL",
      "PAYMENTS_MODE",
    ]);
  });

  it("asks nothing of development, or of a local run that says so", () => {
    expect(missingProductionSettings({ NODE_ENV: "development" })).toEqual([]);
    expect(missingProductionSettings({ NODE_ENV: "production", ALLOW_LOCAL_DEFAULTS: "true" })).toEqual([]);
  });
});
