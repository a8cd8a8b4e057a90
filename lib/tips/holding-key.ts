import "server-only";
import { canonicalDomain } from "@/lib/chain/predict";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { parseTipUrl, quickshareSlug } from "./resolve-recipient";

/**
 * The holding key of a hold: the canonical host of contentUrl, or the `domain` the payer names, which
 * must be that host or a parent domain of it (so the funds always sit in a box the page's site, or its
 * parent site, can claim). Quickshare links and this hub's own host are never held (a tip to a share
 * settles to its owner).
 */
export function holdingKey({ contentUrl, domain }: { contentUrl: string; domain?: string }): string {
  const url = parseTipUrl(contentUrl, "contentUrl");
  const host = canonicalDomain(url.host);
  if (quickshareSlug(url) || host === canonicalDomain(new URL(env.HUB_ORIGIN).host)) {
    throw new ApiError("not-holdable", "A tip to a quickshare link or to this hub's own pages settles to the owner (POST /hub/tips/challenge); it is never held");
  }
  if (domain === undefined) return host;
  let key: string;
  try {
    key = canonicalDomain(domain);
  } catch {
    throw new ApiError("invalid-request", `domain: "${domain}" is not a domain`);
  }
  if (key !== host && !host.endsWith(`.${key}`)) {
    throw new ApiError("invalid-request", `domain: ${key} is neither ${host} (the host of contentUrl) nor a parent domain of it`);
  }
  return key;
}
