import "server-only";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { BlogContext } from "./blog-context";
import { findPostByPath, publishedPost, type PostRow } from "./find-post";
import { isOpenPost } from "./post-teaser";
import { postPath, postUrls } from "./post-urls";

export const POST_MANIFEST_SCHEMA = "https://paid-content-hub.dev/schemas/subblog-post-manifest/v1";

/** GET /api/svc/manifest?path=: the per-post manifest (kind subblog). Drafts and unknown paths are 404. */
export async function postManifest({ blog, path }: { blog: BlogContext; path: string }) {
  const post = await publishedPost(await findPostByPath({ siteId: blog.site.id, path }), path);
  return manifestOf(blog, post);
}

export function manifestOf(blog: BlogContext, post: PostRow) {
  const urls = postUrls(blog.origin, post);
  return {
    schema: POST_MANIFEST_SCHEMA,
    kind: "subblog" as const,
    site: { name: blog.site.name, domain: blog.site.domain, origin: blog.origin },
    id: post.id,
    title: post.title,
    type: post.type,
    price: formatUsdc(post.priceAtomic),
    currency: post.currency,
    urls: { page: urls.page, access: urls.access, manifest: urls.manifest },
    payment: { scheme: "x402" as const, mode: "one_time" as const },
  };
}

/** GET /svc.json: the site manifest, one item per published post (newest first). */
export async function siteManifest({ blog, posts }: { blog: BlogContext; posts: PostRow[] }) {
  return {
    name: blog.site.name,
    domain: blog.site.domain,
    origin: blog.origin,
    content: posts.map((p) => {
      const access = isOpenPost(p) ? "free" : p.publicAccess ? "paid" : "invite-only";
      return {
        id: p.id,
        title: p.title,
        summary: p.summary,
        type: p.type,
        price: formatUsdc(p.priceAtomic),
        currency: p.currency,
        path: postPath(p),
        url: postUrls(blog.origin, p).page,
        tags: p.tags.split(",").map((t) => t.trim()).filter(Boolean),
        access: { humans: access, agents: access },
        unlock: { mode: "one_time" as const },
      };
    }),
  };
}

/** GET /api/svc/status on a blog: the blog's identity and the hub that serves it. */
export function blogStatus(blog: BlogContext, network: { chainId: number }) {
  return {
    site: { name: blog.site.name, origin: blog.origin, domain: blog.site.domain, siteId: blog.site.id },
    hub: { name: "Paid Content Hub", origin: env.HUB_ORIGIN, network: env.NETWORK_MODE, chainId: network.chainId },
    widgetUrl: `${env.HUB_ORIGIN}/hub/widget.js`,
  };
}
