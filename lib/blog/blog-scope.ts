import "server-only";
import type { Session } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import type { Scope } from "@/lib/http/route";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { blogContext, type BlogContext } from "./blog-context";

// The hosted blog's modes of the route wrapper (`auth: blogSite | blogReader | blogAdmin`). Every
// blog route lives under app/sb/[host]/…: the scope reads the `host` path parameter itself, resolves
// the active blog at it (404 otherwise) and hands the handler `blog`.

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostOf(params: Record<string, string | string[]>): string {
  return typeof params.host === "string" ? params.host : "";
}

/** The blog and its origin, no session: the answer is the same for every reader (may be cached). */
export const blogSite: Scope<{ blog: BlogContext }, false> = {
  readsSession: false,
  resolve: async (req, params) => ({ blog: await blogContext(req, hostOf(params), false) }),
};

/** The blog with the reader's blog session, if any; a cookie write must come from the blog's origin. */
export const blogReader: Scope<{ blog: BlogContext }, true> = {
  readsSession: true,
  resolve: async (req, params) => {
    const blog = await blogContext(req, hostOf(params));
    if (blog.session && MUTATING.has(req.method)) assertSameOrigin(req, [blog.origin]);
    return { blog };
  },
};

/** Admin routes: 401 without a blog session, 403 cross-origin for a cookie write, 403 without the owner or admin role. */
export const blogAdmin: Scope<{ blog: BlogContext; session: Session }, true> = {
  readsSession: true,
  resolve: async (req, params) => {
    const { blog } = await blogReader.resolve(req, params);
    if (!blog.session) throw new ApiError("unauthorized", "Sign in to this blog first (GET /api/auth/nonce, POST /api/auth/verify)");
    if (!blog.admin) throw new ApiError("forbidden", "Only the blog's owner or an admin may do this");
    return { blog, session: blog.session };
  },
};
