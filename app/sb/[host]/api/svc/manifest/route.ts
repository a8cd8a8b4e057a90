import { blogSite } from "@/lib/blog/blog-scope";
import { postManifest } from "@/lib/blog/post-manifest";
import { route } from "@/lib/http/route";
import { postManifestOp } from "@/lib/openapi/paths-blog";

// GET /api/svc/manifest?path=/<type>/<slug> (blog origin) — the per-post manifest (kind subblog)
export const GET = route({ ...postManifestOp, auth: blogSite }, async ({ query, blog }) => {
  return postManifest({ blog, path: query.path });
});
