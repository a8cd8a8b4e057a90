// The edge routes a blog's requests into its /sb/<domain>/… tree and names the reader's origin (lib/edge).
export { blogTreePath } from "@/lib/edge/classify";
export { BLOG_ORIGIN_HEADER } from "@/lib/http/internal-headers";

const HUB_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

/**
 * Parses BLOG_HOST_MAP: comma-separated `requestHost=blogDomain` entries (request host with or
 * without port), e.g. `blog.test:3000=alice.localhost,127.0.0.2=bob.localhost`.
 */
export function parseHostMap(raw: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of raw.split(",")) {
    const [from, to] = entry.split("=").map((s) => s?.trim().toLowerCase());
    if (from && to) map.set(from, to.replace(/\.$/, ""));
  }
  return map;
}

/**
 * The hosted-blog domain a request's Host names, or null when the hub itself is meant: the hub's
 * own host name and loopback names serve the hub; a host in the configured map serves the blog it
 * maps to; any other host (a blog's custom domain, or `<name>.localhost` in development) is a blog
 * domain, looked up by the blog routes (404 when no active hosted blog has it).
 */
export function blogDomainFor({ host, hubOrigin, hostMap }: { host: string | null; hubOrigin: string; hostMap: Map<string, string> }): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  const mapped = hostMap.get(h) ?? hostMap.get(hostnameOf(h));
  if (mapped) return mapped;
  const name = hostnameOf(h).replace(/\.$/, "");
  if (!name || HUB_HOSTNAMES.has(name) || name === hostnameOfOrigin(hubOrigin)) return null;
  if (!/^[a-z0-9.-]+$/.test(name) || !name.includes(".")) return null; // bare names and IP literals: the hub
  if (/^\d+(\.\d+){3}$/.test(name)) return null;
  return name;
}

// The hub's origin is the same on every request: parsed once, not per request (a URL costs a few µs).
let parsedOrigin: { origin: string; hostname: string } | undefined;
function hostnameOfOrigin(origin: string): string {
  if (parsedOrigin?.origin !== origin) parsedOrigin = { origin, hostname: new URL(origin).hostname };
  return parsedOrigin.hostname;
}

function hostnameOf(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const i = host.lastIndexOf(":");
  return i === -1 ? host : host.slice(0, i);
}
