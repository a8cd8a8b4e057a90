import { env } from "@/lib/env";
import { normalizeAddress, parseTrustedProxies, type Trust } from "./trusted-proxies";

/**
 * The request header server.mjs writes the connection's own address into on every request,
 * overwriting anything a client sent (kept in step with PEER_HEADER there).
 */
export const PEER_HEADER = "x-hub-peer-addr";

let cached: { raw: string; trust: Trust } | undefined;

/**
 * The address a rate limit counts, which a client cannot choose. Without TRUSTED_PROXIES it is the
 * connection's peer address (X-Forwarded-For is ignored). With a hop count N, the address N hops
 * back along X-Forwarded-For + peer; with a list of addresses/CIDRs, the right-most address that is
 * not a trusted proxy. A request that did not come through server.mjs has no peer address and is
 * counted as "unknown-peer".
 */
export function clientAddress(req: Request): string {
  const peer = normalize(req.headers.get(PEER_HEADER) ?? "") || "unknown-peer";
  const trust = trustOf(env.TRUSTED_PROXIES);
  if (!trust) return peer;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((h) => normalize(h)).filter(Boolean);
  const chain = [...forwarded, peer];
  if ("hops" in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  for (let i = chain.length - 1; i > 0; i--) {
    if (!trust.trusts(chain[i]!)) return chain[i]!;
  }
  return chain[0]!;
}

function normalize(addr: string): string {
  return normalizeAddress(addr);
}

function trustOf(raw: string): Trust {
  if (cached?.raw !== raw) cached = { raw, trust: parseTrustedProxies(raw) };
  return cached.trust;
}
