import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { route } from "@/lib/http/route";
import { uploadMedia } from "@/lib/quickshare/upload-media";

// POST /api/upload (blog origin) — encrypted media upload (multipart field file, ≤ 30 MB); returns storageRef and wrapped key; admin only
export const POST = route({ params: z.object({ host: z.string() }) }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  const session = requireAdmin(blog, req);
  return Response.json(await uploadMedia({ req, owner: session.wallet }), { status: 201 });
});
