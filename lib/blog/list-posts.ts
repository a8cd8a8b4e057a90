import "server-only";
import { db } from "@/lib/db";

/** The blog's published posts, newest first (index page, /svc.json). */
export function listPublishedPosts({ siteId, take = 500 }: { siteId: string; take?: number }) {
  return db.blogPost.findMany({ where: { siteId, status: "published" }, orderBy: [{ publishedAt: "desc" }, { id: "asc" }], take });
}

/** Every post of the blog, drafts included (admin). */
export function listAllPosts({ siteId }: { siteId: string }) {
  return db.blogPost.findMany({ where: { siteId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
}
