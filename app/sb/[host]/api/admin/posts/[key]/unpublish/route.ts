import { blogAdmin } from "@/lib/blog/blog-scope";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { unpublishPostOp } from "@/lib/openapi/paths-blog";

// POST /api/admin/posts/<key>/unpublish (blog origin) — back to draft: every read answers 404; admin only
export const POST = route({ ...unpublishPostOp, auth: blogAdmin }, async ({ params, blog, session }) => {
  return savePost({ blog, admin: session.wallet, key: params.key, input: { status: "draft" } });
});
