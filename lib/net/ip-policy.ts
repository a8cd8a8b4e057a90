import { BlockList, isIP } from "node:net";

// Addresses an outbound fetch of a user-named URL must never reach: everything that is not a
// globally routable unicast address (IANA special-purpose registries for IPv4 and IPv6).
const IPV4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.31.196.0", 24], // AS112
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
];

const IPV6_BLOCKED: Array<[string, number]> = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHIDv2, benchmarking, …)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds arbitrary IPv4)
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of IPV6_BLOCKED) blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address. */
export function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?([0-9.]+|[0-9a-f]{1,4}:[0-9a-f]{1,4})$/.exec(lower);
  if (!m) {
    // Fully written forms, e.g. 0:0:0:0:0:ffff:7f00:1
    const expanded = expandIpv6(lower);
    if (!expanded) return null;
    const isMapped = expanded.slice(0, 5).every((g) => g === 0) && expanded[5] === 0xffff;
    const isNat64 = expanded[0] === 0x64 && expanded[1] === 0xff9b && expanded.slice(2, 6).every((g) => g === 0);
    if (!isMapped && !isNat64) return null;
    return `${expanded[6]! >> 8}.${expanded[6]! & 255}.${expanded[7]! >> 8}.${expanded[7]! & 255}`;
  }
  const tail = m[1]!;
  if (tail.includes(".")) return isIP(tail) === 4 ? tail : null;
  const [hi, lo] = tail.split(":").map((h) => parseInt(h, 16)) as [number, number];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

function expandIpv6(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null;
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const o = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -v4[1]!.length) + `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array(fill).fill("0"), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * True only for a globally routable unicast IP address. Refuses loopback, private, link-local,
 * carrier-grade NAT, multicast, documentation and reserved ranges of IPv4 and IPv6, and judges an
 * IPv4-mapped or NAT64 IPv6 address by the IPv4 address inside it. Anything that does not parse as
 * an IP address is refused.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[(.*)\]$/, "$1").split("%")[0]!; // brackets, IPv6 zone id
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner) return isPublicAddress(inner);
  return !blocked.check(bare, "ipv6");
}
