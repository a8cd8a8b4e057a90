import "server-only";
import { findActiveBlog, type BlogContext } from "@/lib/blog/blog-context";
import { blogDomainOfHost } from "@/lib/blog/blog-domain";
import { blogOrigin } from "@/lib/blog/blog-origin";

/** The hosted blog whose pass a /hub/pay request names by its URL (`<blog origin>/api/svc/pass`), or null. */
export async function findSoldPass({ url }: { url?: string }): Promise<BlogContext | null> {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.pathname !== "/api/svc/pass") return null;
  const domain = blogDomainOfHost(parsed.host);
  const site = domain ? await findActiveBlog(domain) : null;
  return site ? { site, origin: blogOrigin(site.domain), session: null, admin: false } : null;
}
