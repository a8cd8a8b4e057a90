import "server-only";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { BLOG_ORIGIN_HEADER } from "./blog-host";
import { BLOG_SESSION_COOKIE, readSession, type Session } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { cachedValue } from "@/lib/http/read-cache";

export type BlogSite = NonNullable<Awaited<ReturnType<typeof findActiveBlog>>>;

export type BlogContext = {
  site: BlogSite;
  /** The origin the reader sees (scheme and Host of the request): links, SIWE terms, x402 resource URLs. */
  origin: string;
  session: Session | null;
  /** The session wallet is the blog's owner or holds the admin role. */
  admin: boolean;
};

/** The active hosted blog at `domain` (hosted, blog switched on, not removed), or null. */
export async function findActiveBlog(domain: string) {
  const site = await db.site.findUnique({ where: { domain } });
  return site && site.hosted && site.blogActive && !site.removedAt ? site : null;
}

/**
 * The blog's admin role: its site's owner wallet, or a wallet listed on the site as an owner or admin.
 * Asked only when a session is present, so an anonymous blog request costs one query, not two.
 */
export async function isBlogAdmin(site: BlogSite, wallet: string): Promise<boolean> {
  if (site.ownerWallet === wallet) return true;
  const listed = await db.siteOwnerWallet.findUnique({ where: { siteId_wallet: { siteId: site.id, wallet } }, select: { role: true } });
  return listed?.role === "owner" || listed?.role === "admin";
}

/** The origin a rewritten blog request was made to. */
export function requestOrigin(req: NextRequest): string {
  const fromProxy = req.headers.get(BLOG_ORIGIN_HEADER);
  if (fromProxy) return fromProxy;
  const proto = (req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || req.nextUrl.protocol.replace(/:$/, "")) === "https" ? "https" : "http";
  return `${proto}://${req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host") || req.nextUrl.host}`;
}

/**
 * Everything a hosted-blog route needs: the active hosted blog at `domain` (404 otherwise), the
 * request's origin, and the blog session (cookie sb_auth_session, audience = this blog's site id, so
 * a session of one blog is worthless on another) with its admin role. `withSession` false skips the
 * session (answers the same for every caller: the site and its origin only).
 */
export async function blogContext(req: NextRequest, domain: string, withSession = true): Promise<BlogContext> {
  // A request without a blog session reads the blog from the read cache (as its answers are): what it
  // can see of the blog is what every anonymous reader sees. A session reads it afresh (its roles).
  const anonymous = !withSession || !req.cookies.has(BLOG_SESSION_COOKIE);
  const site = anonymous ? await cachedValue(`blog-site:${domain}`, () => findActiveBlog(domain), "rows") : await findActiveBlog(domain);
  if (!site) throw new ApiError("not-found", `No active hosted blog at ${domain}`);
  const session = withSession ? await readSession(req, site.id, BLOG_SESSION_COOKIE) : null;
  const admin = !!session && (await isBlogAdmin(site, session.wallet));
  return { site, origin: requestOrigin(req), session, admin };
}
