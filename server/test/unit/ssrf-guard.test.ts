import { ConfigError, loadConfig } from "../../src/config";
import { BlockedAddressError, isBlockedAddress, resolveTarget } from "../../src/services/ssrf";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sendWebhook } from "../../src/modules/webhooks/send";
import { startEnv } from "../../../scripts/lib/start-env.mjs";

// The SSRF guard of webhook URLs: only public unicast addresses, whatever form an
// address takes; WEBHOOKS_ALLOW_PRIVATE (allowLoopback) opens loopback written as such, nothing else.

/** Refused with and without WEBHOOKS_ALLOW_PRIVATE. */
const ALWAYS_REFUSED = [
  "0.0.0.0",
  "10.0.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254", // cloud metadata
  "169.254.0.1", // link-local
  "100.64.0.1", // CGNAT
  "100.127.255.254",
  "192.0.0.1",
  "192.0.2.1",
  "198.18.0.1",
  "198.51.100.1",
  "203.0.113.1",
  "224.0.0.1", // multicast
  "240.0.0.1",
  "255.255.255.255",
  "::",
  "fe80::1", // link-local
  "fe80::1%eth0",
  "febf:ffff::1",
  "fec0::1", // site-local
  "fc00::1", // unique local
  "fd00:ec2::254", // AWS metadata over IPv6
  "ff02::1",
  "100::1", // discard
  "2001:db8::1", // documentation
  "::ffff:127.0.0.1", // IPv4-mapped, ::ffff:0:0/96
  "::ffff:7f00:1",
  "::ffff:169.254.169.254",
  "::ffff:a9fe:a9fe",
  "::ffff:10.0.0.1",
  "::ffff:8.8.8.8", // a public IPv4 address is written as one
  "::ffff:0:127.0.0.1", // IPv4-translated, ::ffff:0:0:0/96
  "::ffff:0:7f00:1",
  "::ffff:0:8.8.8.8",
  "::127.0.0.1", // IPv4-compatible
  "::7f00:1",
  "::a9fe:a9fe",
  "::808:808",
  "64:ff9b::7f00:1", // NAT64 of loopback
  "64:ff9b::a9fe:a9fe", // NAT64 of the metadata address
  "64:ff9b::10.0.0.1",
  "64:ff9b::192.168.0.1",
  "64:ff9b:1::808:808", // local-use NAT64, 64:ff9b:1::/48
  "64:ff9b:1:ffff::1",
  "2001::1", // Teredo, 2001::/32
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2002:7f00:1::", // 6to4 of loopback
  "2002:a9fe:a9fe::1",
  "2002:c0a8:1::1",
  "not an address",
  "127.1", // the inet_aton shorthand: no resolver answers it
];

const LOOPBACK = ["127.0.0.1", "127.8.9.10", "::1"];

const PUBLIC = [
  "93.184.215.14",
  "8.8.8.8",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "64:ff9b::8.8.8.8", // NAT64 of a public address (an IPv6-only network's way out)
  "2002:808:808::1", // 6to4 of a public address
];

describe("isBlockedAddress", () => {
  it.each(ALWAYS_REFUSED)("refuses %s, with or without WEBHOOKS_ALLOW_PRIVATE", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
    expect(isBlockedAddress(ip, { allowLoopback: true })).toBe(true);
  });

  it.each(LOOPBACK)("refuses %s unless WEBHOOKS_ALLOW_PRIVATE", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
    expect(isBlockedAddress(ip, { allowLoopback: true })).toBe(false);
  });

  it.each(PUBLIC)("allows %s", (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
    expect(isBlockedAddress(ip, { allowLoopback: true })).toBe(false);
  });
});

describe("resolveTarget", () => {
  it("refuses a name that resolves to loopback, and bracketed IPv6 literals of it", async () => {
    await expect(resolveTarget("localhost", false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveTarget("[::1]", false)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveTarget("169.254.169.254", false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it.each([
    "169.254.169.254",
    "10.0.0.1",
    "[fe80::1]",
    "[::ffff:7f00:1]",
    "[::ffff:0:127.0.0.1]",
    "[64:ff9b::a9fe:a9fe]",
  ])("refuses %s even with loopback allowed", async (host) => {
    await expect(resolveTarget(host, true)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("answers the checked address to connect to, and loopback when allowed", async () => {
    await expect(resolveTarget("8.8.8.8", false)).resolves.toEqual({ address: "8.8.8.8", family: 4 });
    await expect(resolveTarget("127.0.0.1", true)).resolves.toEqual({ address: "127.0.0.1", family: 4 });
    await expect(resolveTarget("[::1]", true)).resolves.toEqual({ address: "::1", family: 6 });
    await expect(resolveTarget("localhost", true)).resolves.toMatchObject({ address: expect.any(String) });
  });

  it("refuses a name that does not resolve", async () => {
    await expect(resolveTarget("no-such-host.invalid", false)).rejects.toThrow("could not be resolved");
  });
});

describe("sendWebhook", () => {
  it("resolves and checks the name at send time, and connects to the address it checked", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.socket.remoteAddress}`);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // The name is looked up once, by the guard: loopback is refused before any connection.
      const refused = await sendWebhook(`http://localhost:${port}/hook`, "{}", {}, false);
      expect(refused).toMatchObject({
        statusCode: null,
        error: expect.stringContaining("private or reserved address"),
      });
      const metadata = await sendWebhook("http://169.254.169.254/latest", "{}", {}, true);
      expect(metadata).toMatchObject({ statusCode: null, error: expect.stringContaining("169.254.169.254") });
      expect(seen).toEqual([]);
      // Allowed, the request goes to the checked address with the URL's own Host header.
      const sent = await sendWebhook(`http://127.0.0.1:${port}/hook`, "{}", {}, true);
      expect(sent).toMatchObject({ statusCode: 200, error: null });
      expect(seen).toEqual([`127.0.0.1:${port} 127.0.0.1`]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("npm start's environment", () => {
  it("does not open the guard: no WEBHOOKS_ALLOW_PRIVATE, and the server it starts refuses loopback", () => {
    const env = startEnv({ PATH: "/usr/bin" });
    expect(env).not.toHaveProperty("WEBHOOKS_ALLOW_PRIVATE");
    expect(env).toMatchObject({ NODE_ENV: "production", ALLOW_LOCAL_DEFAULTS: "true" });
    expect(loadConfig(env as NodeJS.ProcessEnv).webhooksAllowLoopback).toBe(false);
    expect(startEnv({}, { dev: true })).not.toHaveProperty("WEBHOOKS_ALLOW_PRIVATE");
  });

  it("refuses to start when the caller's environment sets WEBHOOKS_ALLOW_PRIVATE", () => {
    const env = startEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(/WEBHOOKS_ALLOW_PRIVATE: not allowed/);
  });
});
