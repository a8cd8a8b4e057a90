import { blogSite } from "@/lib/blog/blog-scope";
import { blogStatus } from "@/lib/blog/post-manifest";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { svcStatusOp } from "@/lib/openapi/paths-explore";

// GET /api/svc/status (blog origin) — the blog's identity and the hub serving it
export const GET = route({ ...svcStatusOp, auth: blogSite, cache: true }, async ({ blog }) => {
  return blogStatus(blog, NETWORKS[env.NETWORK_MODE]);
});
