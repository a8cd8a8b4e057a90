import { sitemapContent } from "@/lib/explore/sitemap-content";
import { route } from "@/lib/http/route";
import { sitemapContentQuery } from "@/lib/schemas/explore";

// GET /hub/sitemap/content — URLs of verified content for sitemaps
export const GET = route({ query: sitemapContentQuery, cache: true }, ({ query }) => sitemapContent(query));
