import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The SSRF guard of outgoing requests to addresses an owner chose (webhooks): only
 * public unicast addresses, as ipaddr.js classifies them. Refused whatever form the address takes:
 * loopback, private, link-local (169.254.169.254 and fd00:ec2::254, the cloud metadata), shared
 * (CGNAT), multicast, reserved, documentation, IPv4-mapped and -translated (::ffff:0:0/96,
 * ::ffff:0:0:0/96), IPv4-compatible (anything outside 2000::/3), Teredo (2001::/32) and local-use NAT64 (64:ff9b:1::/48).
 * Well-known NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are judged by the IPv4 address they carry.
 * Checked on the addresses a name resolves to, and the request then connects to the very address
 * checked (no second lookup a rebinding DNS server could answer differently).
 *
 * `allowLoopback` (WEBHOOKS_ALLOW_PRIVATE, tests and development only) lets 127.0.0.0/8 and ::1
 * through, written as such: never another range, nor loopback carried inside an IPv6 address.
 */

const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
/** Global unicast: every public IPv6 address is here (not ::7f00:1, IPv4-compatible loopback). */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/** The IPv4 address a NAT64 (well-known prefix) or 6to4 address carries, or null. */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(WELL_KNOWN_NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

function blocked(address: ipaddr.IPv4 | ipaddr.IPv6, allowLoopback: boolean): boolean {
  const range = address.range();
  if (range === "loopback") return !allowLoopback;
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    const v4 = carriedIPv4(v6);
    if (v4) return blocked(v4, false);
    if (!v6.match(GLOBAL_UNICAST)) return true;
  }
  return range !== "unicast";
}

/** True for an address no owner's URL may reach (loopback too unless `allowLoopback`). */
export function isBlockedAddress(ip: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): boolean {
  // isIP first: ipaddr.js also reads the old inet_aton forms ("127.1", "0x7f.1"), which no
  // resolver answers and the URL parser has already turned into dotted quads.
  if (isIP(ip) === 0) return true;
  return blocked(ipaddr.parse(ip), allowLoopback);
}

export class BlockedAddressError extends Error {}

export type ResolvedTarget = { address: string; family: 4 | 6 };

/**
 * The address to connect to for `hostname`: every address it resolves to must be allowed (a name
 * with one private address among public ones is refused), and the first one is used.
 */
export async function resolveTarget(hostname: string, allowLoopback: boolean): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  const found =
    family !== 0
      ? [{ address: host, family }]
      : await lookup(host, { all: true, verbatim: true }).catch(() => {
          throw new BlockedAddressError(`The host ${host} could not be resolved.`);
        });
  if (found.length === 0) throw new BlockedAddressError(`The host ${host} could not be resolved.`);
  const bad = found.find((a) => isBlockedAddress(a.address, { allowLoopback }));
  if (bad)
    throw new BlockedAddressError(`The host ${host} resolves to a private or reserved address (${bad.address}).`);
  return { address: found[0]!.address, family: found[0]!.family === 6 ? 6 : 4 };
}
