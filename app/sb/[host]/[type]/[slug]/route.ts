import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { renderPostPage } from "@/lib/blog/render-blog-page";
import { route } from "@/lib/http/route";
import { NONCE_HEADER } from "@/lib/http/security-headers";

// GET /<type>/<slug> (blog origin) — the server-rendered post page: body, or teaser and pay action
export const GET = route({ params: z.object({ host: z.string(), type: z.string().max(20), slug: z.string().max(128) }) }, async ({ req, params }) =>
  renderPostPage({ blog: await blogContext(req, params.host), path: `/${params.type}/${params.slug}`, nonce: req.headers.get(NONCE_HEADER) }),
);
