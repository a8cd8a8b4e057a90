import { BlockList, isIP } from "node:net";

/** Who may set X-Forwarded-For: the last `hops` entries are proxies, or the proxies are the listed addresses. */
export type Trust = { hops: number } | { trusts: (addr: string) => boolean } | null;

/** An address without brackets; an IPv4-mapped IPv6 address as plain IPv4. */
export function normalizeAddress(addr: string): string {
  const a = addr.trim().replace(/^\[|\]$/g, "");
  return a.startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** Parses TRUSTED_PROXIES: "" (none), a hop count ("1"), or comma-separated addresses and CIDRs. Throws on a bad entry. */
export function parseTrustedProxies(raw: string): Trust {
  const value = raw.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? { hops: Number(value) } : null;
  const list = new BlockList();
  for (const entry of value.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [rawAddr, bits] = entry.split("/") as [string, string | undefined];
    const addr = normalizeAddress(rawAddr);
    const family = isIP(addr);
    const prefix = Number(bits);
    if (!family || (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32)))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, prefix, type);
  }
  return {
    trusts: (a: string) => {
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
    },
  };
}
