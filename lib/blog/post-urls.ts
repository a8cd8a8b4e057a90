import { CONTENT_TYPES } from "@/lib/schemas/quickshare";

export type PostType = (typeof CONTENT_TYPES)[number];

export const postPath = (p: { type: string; slug: string }) => `/${p.type}/${p.slug}`;

/** The public URLs of a post on its blog's origin. */
export function postUrls(origin: string, p: { id: string; type: string; slug: string }) {
  const path = postPath(p);
  const q = encodeURIComponent(path);
  return {
    page: `${origin}${path}`,
    access: `${origin}/api/svc/access?path=${q}`,
    short: `${origin}/api${path}`,
    manifest: `${origin}/api/svc/manifest?path=${q}`,
    quote: `${origin}/api/svc/posts/${p.id}/quote`,
    teaser: `${origin}/api/blog/posts/${p.slug}`,
    media: (kind: string, index: number) => `${origin}/api/svc/media/${p.id}/${kind === "music" ? "audio" : kind}?index=${index}`,
  };
}

/** `/<type>/<slug>` (a full URL on the blog is accepted too) → its parts, or null. */
export function parsePostPath(path: string): { type: PostType; slug: string } | null {
  let p = path.trim();
  try {
    if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    return null;
  }
  const m = /^\/?([a-z]+)\/([A-Za-z0-9][A-Za-z0-9_-]{0,127})\/?$/.exec(p);
  if (!m || !(CONTENT_TYPES as readonly string[]).includes(m[1]!)) return null;
  return { type: m[1] as PostType, slug: m[2]! };
}
