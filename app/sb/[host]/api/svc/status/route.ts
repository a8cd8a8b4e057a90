import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { blogStatus } from "@/lib/blog/post-manifest";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";

// GET /api/svc/status (blog origin) — the blog's identity and the hub serving it
export const GET = route({ params: z.object({ host: z.string() }), cache: true }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  return blogStatus(blog, NETWORKS[env.NETWORK_MODE]);
});
