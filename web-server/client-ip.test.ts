import { clientAddress, compileTrustedProxies } from "./client-ip";

describe("the client's address", () => {
  const none = compileTrustedProxies(undefined);
  const loopback = compileTrustedProxies("127.0.0.1, ::1");
  const chain = compileTrustedProxies("10.0.0.0/8,192.168.1.5");

  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", none)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
    expect(clientAddress("::ffff:127.0.0.1", undefined, none)).toBe("127.0.0.1");
  });

  it("behind a trusted proxy is the right-most address that no trusted proxy added", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    // The left entry is the client's own claim; the proxy appended the real address.
    expect(clientAddress("::1", "6.6.6.6, 198.51.100.2", loopback)).toBe("198.51.100.2");
    expect(clientAddress("10.1.2.3", "6.6.6.6, 198.51.100.3, 192.168.1.5, 10.9.9.9", chain)).toBe("198.51.100.3");
    expect(clientAddress("10.1.2.3", ["6.6.6.6, 198.51.100.4", "10.0.0.1"], chain)).toBe("198.51.100.4");
  });

  it("does not walk past a hop that is not an address, and ignores a peer that is not trusted", () => {
    expect(clientAddress("127.0.0.1", "x".repeat(8192), loopback)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "198.51.100.1, not-an-ip", loopback)).toBe("127.0.0.1");
    expect(clientAddress("203.0.113.9", "127.0.0.1", loopback)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "", loopback)).toBe("127.0.0.1");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(() => compileTrustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES/);
    expect(() => compileTrustedProxies("localhost")).toThrow(/TRUSTED_PROXIES/);
    expect(compileTrustedProxies("fd00::/8")("fd12::1")).toBe(true);
  });
});
