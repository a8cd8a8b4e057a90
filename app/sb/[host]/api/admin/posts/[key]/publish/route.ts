import { blogAdmin } from "@/lib/blog/blog-scope";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { publishPostOp } from "@/lib/openapi/paths-blog";

// POST /api/admin/posts/<key>/publish (blog origin) — publish a post; admin only
export const POST = route({ ...publishPostOp, auth: blogAdmin }, async ({ params, blog, session }) => {
  return savePost({ blog, admin: session.wallet, key: params.key, input: { status: "published" } });
});
