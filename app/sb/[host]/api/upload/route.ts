import { blogAdmin } from "@/lib/blog/blog-scope";
import { route } from "@/lib/http/route";
import { blogUploadOp } from "@/lib/openapi/paths-blog";
import { uploadMedia } from "@/lib/quickshare/upload-media";

// POST /api/upload (blog origin) — encrypted media upload (multipart field file, ≤ 30 MB); returns storageRef and wrapped key; admin only
export const POST = route({ ...blogUploadOp, auth: blogAdmin }, async ({ req, session }) => {
  return Response.json(await uploadMedia({ req, owner: session.wallet }), { status: 201 });
});
