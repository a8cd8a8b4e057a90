import { sitemapSites } from "@/lib/explore/sitemap-sites";
import { route } from "@/lib/http/route";
import { sitemapSitesOp } from "@/lib/openapi/paths-explore";

// GET /hub/sitemap-sites — active hosted-blog domains
export const GET = route({ ...sitemapSitesOp, cache: true }, () => sitemapSites());
