import { z } from "zod";
import { blogContext } from "@/lib/blog/blog-context";
import { blogFeed } from "@/lib/feeds/blog-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";

// GET /atom.xml (blog origin) — the blog's atom feed: published, listed posts with teaser and price, never a paid body
export const GET = route({ params: z.object({ host: z.string() }), cache: true }, async ({ req, params }) =>
  feedResponse(await blogFeed({ blog: await blogContext(req, params.host), format: "atom" })),
);
