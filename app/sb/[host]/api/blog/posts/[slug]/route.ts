import { blogReader } from "@/lib/blog/blog-scope";
import { postTeaser } from "@/lib/blog/post-teaser";
import { route } from "@/lib/http/route";
import { postTeaserOp } from "@/lib/openapi/paths-blog";
import { JsonAnswer } from "@/lib/http/plain-answer";

// GET /api/blog/posts/<slug> (blog origin) — a free post's body, or a paid post's teaser (isLocked, no body, media, key or storage reference)
export const GET = route({ ...postTeaserOp, auth: blogReader }, async ({ params, blog }) => {
  return new JsonAnswer(await postTeaser({ blog, slug: params.slug }), { "cache-control": "private, no-store" });
});
