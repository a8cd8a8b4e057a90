import { CONTENT_TYPES } from "@/lib/schemas/quickshare";

const POST_PAGE = new RegExp(`^/(${CONTENT_TYPES.join("|")})/[^/]+$`);

/** A blog's reader pages: its index and its posts. */
export function isBlogReaderPage(pathname: string): boolean {
  return pathname === "/" || POST_PAGE.test(pathname);
}

/**
 * Response headers of a blog's pages that a server component cannot set, added by the request edge (lib/blog/blog-edge.ts): the
 * Link header to the manifest (the index's /svc.json, a post's per-post manifest). Null for other paths.
 */
export function blogPageHeaders({ origin, pathname, method }: { origin: string; pathname: string; method: string }): Record<string, string> | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const link = (url: string) => ({ link: `<${url}>; rel="alternate"; type="application/json"`, vary: "Cookie" });
  if (pathname === "/") return link(`${origin}/svc.json`);
  if (POST_PAGE.test(pathname)) return link(`${origin}/api/svc/manifest?path=${encodeURIComponent(pathname)}`);
  return null;
}
