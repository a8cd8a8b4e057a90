import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { savePost } from "@/lib/blog/save-post";
import { route } from "@/lib/http/route";
import { postKeyParams } from "@/lib/schemas/blog";

// POST /api/admin/posts/<key>/unpublish (blog origin) — back to draft: every read answers 404; admin only
export const POST = route({ params: postKeyParams.extend({ host: z.string() }) }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  const session = requireAdmin(blog, req);
  return savePost({ blog, admin: session.wallet, key: params.key, input: { status: "draft" } });
});
