import { sitemapSites } from "@/lib/explore/sitemap-sites";
import { route } from "@/lib/http/route";

// GET /hub/sitemap-sites — active hosted-blog domains
export const GET = route({ cache: true }, () => sitemapSites());
