import { blogSite } from "@/lib/blog/blog-scope";
import { blogStatus } from "@/lib/blog/post-manifest";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";

// GET /api/svc/status (blog origin) — the blog's identity and the hub serving it
export const GET = route({ auth: blogSite, cache: true }, async ({ blog }) => {
  return blogStatus(blog, NETWORKS[env.NETWORK_MODE]);
});
