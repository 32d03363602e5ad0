import { BlockedAddressError, isBlockedAddress, resolveTarget } from "../../src/services/ssrf";

// The SSRF guard of webhook URLs (issue 24 §3): every private, local or reserved form refused,
// public addresses let through, names checked on what they resolve to.

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.64.0.1", // CGNAT
    "100.127.255.254",
    "224.0.0.1", // multicast
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd00:ec2::254", // AWS metadata over IPv6
    "ff02::1",
    "::ffff:127.0.0.1", // IPv4-mapped
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "::127.0.0.1", // IPv4-compatible
    "64:ff9b::a9fe:a9fe", // NAT64 of the metadata address
    "2002:7f00:1::", // 6to4 of loopback
    "not an address",
  ])("refuses %s", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );
});

describe("resolveTarget", () => {
  it("refuses a name that resolves to loopback, and a bracketed IPv6 literal", async () => {
    await expect(resolveTarget("localhost", false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveTarget("[::1]", false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveTarget("[::ffff:7f00:1]", false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveTarget("169.254.169.254", false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("answers the checked address to connect to, and private ones when allowed", async () => {
    await expect(resolveTarget("8.8.8.8", false)).resolves.toEqual({ address: "8.8.8.8", family: 4 });
    await expect(resolveTarget("127.0.0.1", true)).resolves.toEqual({ address: "127.0.0.1", family: 4 });
    await expect(resolveTarget("[::1]", true)).resolves.toEqual({ address: "::1", family: 6 });
  });

  it("refuses a name that does not resolve", async () => {
    await expect(resolveTarget("no-such-host.invalid", false)).rejects.toThrow("could not be resolved");
  });
});
