import { BlockList, isIP } from "node:net";

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address 127.0.0.1. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Compiles TRUSTED_PROXIES (comma-separated addresses or CIDR ranges, e.g. `10.0.0.0/8, ::1`) into
 * a test. Empty: no proxy is trusted, and the client is always the TCP peer. Throws on a bad entry
 * so that a typo stops the server at start instead of silently trusting nothing (or everything).
 */
export function compileTrustedProxies(list: string | undefined): (address: string) => boolean {
  const blocks = new BlockList();
  let any = false;
  for (const raw of (list ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, prefix] = entry.split("/");
    const family = isIP(address ?? "");
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (!family || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) blocks.addAddress(address!, type);
    else blocks.addSubnet(address!, bits, type);
    any = true;
  }
  if (!any) return () => false;
  return (address) => {
    const normalised = normaliseAddress(address);
    const family = isIP(normalised);
    return family !== 0 && blocks.check(normalised, family === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy; then the right-most
 * `X-Forwarded-For` entry that no trusted proxy added. Entries left of an untrusted hop are the
 * client's own claims and are never believed; an entry that is not an IP address ends the walk.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  isTrusted: (address: string) => boolean,
): string {
  let client = normaliseAddress(peer ?? "");
  if (!isTrusted(client)) return client;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  // Bounded: a header of thousands of hops is an attack, not a proxy chain.
  const hops = header.split(",", 64).map((hop) => normaliseAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return client;
    client = hop;
    if (!isTrusted(hop)) return client;
  }
  return client;
}
