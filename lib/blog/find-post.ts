import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { parsePostPath } from "./post-urls";

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPostByKey>>>;

/** A post of the blog by id or slug (any status), or null. */
export async function findPostByKey({ siteId, key }: { siteId: string; key: string }, client: DbOrTx = db) {
  return (await client.blogPost.findFirst({ where: { siteId, id: key } })) ?? (await client.blogPost.findUnique({ where: { siteId_slug: { siteId, slug: key } } }));
}

/** The post at `/<type>/<slug>` on the blog, or null (a malformed path or a type mismatch is unknown). */
export async function findPostByPath({ siteId, path }: { siteId: string; path: string }) {
  const parsed = parsePostPath(path);
  if (!parsed) return null;
  const post = await db.blogPost.findUnique({ where: { siteId_slug: { siteId, slug: parsed.slug } } });
  return post && post.type === parsed.type ? post : null;
}

/** A published post for a public route: drafts and unknown keys are 404. */
export async function publishedPost(post: PostRow | null, what: string): Promise<PostRow> {
  if (!post || post.status !== "published") throw new ApiError("not-found", `No published post at ${what}`);
  return post;
}

/** A post for an admin route (any status): 404 when unknown. */
export async function adminPost({ siteId, key }: { siteId: string; key: string }): Promise<PostRow> {
  const post = await findPostByKey({ siteId, key });
  if (!post) throw new ApiError("not-found", `No post ${key} on this blog`);
  return post;
}
