import { env } from "@/lib/env";
import { blogDomainFor, parseHostMap } from "./blog-host";

let hostMap: Map<string, string> | undefined;

/**
 * The hosted-blog domain a request's Host header names under this hub's settings (HUB_ORIGIN,
 * BLOG_HOST_MAP), or null for the hub itself. The proxy routes by it; the server's request hook labels
 * metrics and access lines by it.
 */
export function blogDomainOfHost(host: string | null | undefined): string | null {
  hostMap ??= parseHostMap(env.BLOG_HOST_MAP);
  return blogDomainFor({ host: host ?? null, hubOrigin: env.HUB_ORIGIN, hostMap });
}
