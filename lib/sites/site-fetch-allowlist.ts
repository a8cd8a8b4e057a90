import { isIP } from "node:net";
import type { AllowedHost } from "@/lib/net/safe-fetch";

/**
 * Parses SITE_FETCH_ALLOW_HOSTS (tests and local development only): comma-separated entries,
 * each a host the site fetcher may reach although it resolves to a loopback or private address,
 * optionally pinned like a hosts-file line: `creator.test=127.0.0.1:4567`, `[::1]:80` for IPv6.
 */
export function parseSiteFetchAllowlist(value: string): AllowedHost[] {
  const out: AllowedHost[] = [];
  for (const raw of value.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [host, target] = entry.split("=", 2).map((s) => s.trim()) as [string, string | undefined];
    if (!target) {
      out.push({ host: host.toLowerCase() });
      continue;
    }
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(target);
    const address = m?.[1];
    if (!address || !isIP(address)) throw new Error(`SITE_FETCH_ALLOW_HOSTS: "${entry}" must pin to an IP address (host=ip[:port])`);
    out.push({ host: host.toLowerCase(), address, port: m?.[2] ? Number(m[2]) : undefined });
  }
  return out;
}
