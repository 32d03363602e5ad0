import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * The SSRF guard of outgoing requests to addresses an owner chose (webhooks, issue 24 §3): no
 * loopback, private, link-local, shared (CGNAT), multicast, reserved or cloud metadata addresses
 * (169.254.169.254, fd00:ec2::254), whatever form the address takes. Checked on the addresses a
 * name resolves to, and the request then connects to the very address checked (no second lookup
 * a rebinding DNS server could answer differently).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local, fd00:ec2::254 (AWS metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail, too). */
function groupsOf(ip: string): number[] {
  let text = ip.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or null. */
function embeddedIPv4(ip: string): string | null {
  const g = groupsOf(ip);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d, ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!); // 64:ff9b::/96
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 6to4
  return null;
}

/** True for an address no owner's URL may reach (unless private targets are allowed). */
export function isBlockedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family !== 6) return true; // not an address at all: refuse
  const v4 = embeddedIPv4(ip);
  if (v4 !== null && blocked.check(v4, "ipv4")) return true;
  return blocked.check(ip.split("%")[0]!, "ipv6");
}

export class BlockedAddressError extends Error {}

export type ResolvedTarget = { address: string; family: 4 | 6 };

/**
 * The address to connect to for `hostname`: every address it resolves to must be allowed (a name
 * with one private address among public ones is refused), and the first one is used.
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  const found =
    family !== 0
      ? [{ address: host, family }]
      : await lookup(host, { all: true, verbatim: true }).catch(() => {
          throw new BlockedAddressError(`The host ${host} could not be resolved.`);
        });
  if (found.length === 0) throw new BlockedAddressError(`The host ${host} could not be resolved.`);
  if (!allowPrivate) {
    const bad = found.find((a) => isBlockedAddress(a.address));
    if (bad)
      throw new BlockedAddressError(`The host ${host} resolves to a private or reserved address (${bad.address}).`);
  }
  return { address: found[0]!.address, family: found[0]!.family === 6 ? 6 : 4 };
}
