import { isIP } from "node:net";
import { canonicalDomain } from "@/lib/chain/predict";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The canonical form a site is stored and looked up under: lowercase, no scheme, port, path or
 * leading "www.", internationalised names in punycode. Returns null for anything that is not a
 * dotted host name (or an IPv4 address, which the SSRF guard later refuses unless public).
 */
export function normalizeDomain(input: string): string | null {
  let host: string;
  try {
    host = canonicalDomain(input);
    // WHATWG URL parsing applies IDNA (punycode) and rejects forbidden host code points.
    host = new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
  if (host.startsWith("[")) return null; // IPv6 literals are not site domains
  if (isIP(host) === 4) return host;
  if (host.length > 253 || !host.includes(".")) return null;
  const labels = host.split(".");
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null; // numeric TLD: a mangled address
  return host;
}
