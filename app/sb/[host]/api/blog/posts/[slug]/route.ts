import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { postTeaser } from "@/lib/blog/post-teaser";
import { route } from "@/lib/http/route";

// GET /api/blog/posts/<slug> (blog origin) — a free post's body, or a paid post's teaser (isLocked, no body, media, key or storage reference)
export const GET = route({ params: z.object({ host: z.string(), slug: z.string().min(1).max(128) }) }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  return Response.json(await postTeaser({ blog, slug: params.slug }), { headers: { "cache-control": "private, no-store" } });
});
