import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { renderBlogIndex } from "@/lib/blog/render-blog-page";
import { route } from "@/lib/http/route";

// GET / (blog origin) — the blog's server-rendered index of published posts
export const GET = route({ params: z.object({ host: z.string() }) }, async ({ req, params }) => renderBlogIndex({ blog: await blogContext(req, params.host) }));
