import { sitemapContent } from "@/lib/explore/sitemap-content";
import { route } from "@/lib/http/route";
import { sitemapContentOp } from "@/lib/openapi/paths-explore";

// GET /hub/sitemap/content — URLs of verified content for sitemaps. Not in the read cache: the built
// body is kept by sitemapContent itself, identity and gzip, which the read cache would not tell apart.
export const GET = route(sitemapContentOp, ({ query, req }) => sitemapContent(query, req.headers.get("accept-encoding")));
