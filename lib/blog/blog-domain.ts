import { env } from "@/lib/env";
import { blogDomainFor, parseHostMap } from "./blog-host";

let hostMap: Map<string, string> | undefined;

/**
 * The hosted-blog domain a request's Host header names under this hub's settings (HUB_ORIGIN,
 * BLOG_HOST_MAP), or null for the hub itself. The server's request hook routes by it and labels
 * metrics and access lines by it.
 */
export function blogDomainOfHost(host: string | null | undefined): string | null {
  hostMap ??= parseHostMap(env.BLOG_HOST_MAP);
  return blogDomainFor({ host: host ?? null, hubOrigin: env.HUB_ORIGIN, hostMap });
}

/**
 * The origin a blog request was made to: its Host, on https when the connection was or a proxy in
 * front says so (X-Forwarded-Proto). The blog routes learn it from BLOG_ORIGIN_HEADER.
 */
export function blogRequestOrigin({ host, forwardedProto, https }: { host: string; forwardedProto: string | null | undefined; https: boolean }): string {
  const secure = https || forwardedProto?.split(",")[0]?.trim() === "https";
  return `${secure ? "https" : "http"}://${host}`;
}
