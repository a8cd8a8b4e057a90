import { sitemapContent } from "@/lib/explore/sitemap-content";
import { route } from "@/lib/http/route";
import { sitemapContentOp } from "@/lib/openapi/paths-explore";

// GET /hub/sitemap/content — URLs of verified content for sitemaps
export const GET = route({ ...sitemapContentOp, cache: true }, ({ query }) => sitemapContent(query));
