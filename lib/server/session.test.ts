import { sealData } from "iron-session";
import { readSessionCookie } from "./session";

const password = "unit-test-session-secret-0123456789-abcdef";

beforeAll(() => {
  process.env.SESSION_SECRET = password;
});

describe("opening the session cookie", () => {
  it("gives each caller its own copy of a seal opened before", async () => {
    const sealed = await sealData({ token: "t-1", role: "owner" }, { password, ttl: 3600 });
    const first = await readSessionCookie(sealed);
    first!.token = "changed by a caller";
    expect(await readSessionCookie(sealed)).toEqual({ token: "t-1", role: "owner" });
  });

  it("stops accepting a seal once it expires, even one opened while it was valid", async () => {
    jest.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z"), doNotFake: ["nextTick", "setImmediate"] });
    try {
      const sealed = await sealData({ token: "t-2" }, { password, ttl: 120 });
      expect(await readSessionCookie(sealed)).toEqual({ token: "t-2" });
      // iron accepts a seal up to a minute past its expiry (clock skew); beyond that it is no session.
      jest.setSystemTime(new Date("2026-11-23T12:03:30Z"));
      expect(await readSessionCookie(sealed)).toEqual({});
    } finally {
      jest.useRealTimers();
    }
  });

  it("refuses a tampered seal, and answers null for one of another format", async () => {
    const sealed = await sealData({ token: "t-3" }, { password, ttl: 3600 });
    await readSessionCookie(sealed);
    const tampered = sealed.replace(/\*([^*]+)~2$/, (_, mac: string) => `*${mac.slice(0, -2)}AA~2`);
    expect(tampered).not.toBe(sealed);
    expect(await readSessionCookie(tampered)).toEqual({});
    expect(await readSessionCookie(sealed.replace(/^Fe26\.2/, "Fe26.1"))).toBeNull();
  });
});
