import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  exploreQuery,
  exploreResponse,
  SORT_FORMULAS,
  sitemapContentQuery,
  sitemapContentResponse,
  sitemapSitesResponse,
  svcStatusResponse,
} from "@/lib/schemas/explore";
import { errors, json } from "./helpers";

export const explorePaths: ZodOpenApiPathsObject = {
  "/hub/explore/content": {
    get: {
      tags: ["discovery"],
      summary: "The explore feed",
      description: [
        "Content of this hub's network on verified, live sites (never quickshares). `q`: every word must occur in the title, description, tags, site name or domain (case-insensitive). `type`: article, music, video, image, document or all. `limit` 1..500 (default 100), `skip` ≥ 0; `total` counts every match.",
        `Sorts — trending (default): ${SORT_FORMULAS.trending}`,
        `best-sellers: ${SORT_FORMULAS["best-sellers"]}`,
        `hot-new: ${SORT_FORMULAS["hot-new"]}`,
      ].join("\n\n"),
      requestParams: { query: exploreQuery },
      responses: { "200": json(exploreResponse, "One page of content cards"), ...errors(400) },
    },
  },
  "/hub/sitemap/content": {
    get: {
      tags: ["discovery"],
      summary: "Content URLs for sitemaps",
      description: "Verified content of this network, most recently updated first; limit 1..50000 (default 50000).",
      requestParams: { query: sitemapContentQuery },
      responses: { "200": json(sitemapContentResponse, "URLs"), ...errors(400) },
    },
  },
  "/hub/sitemap-sites": {
    get: {
      tags: ["discovery"],
      summary: "Active hosted-blog domains",
      responses: { "200": json(sitemapSitesResponse, "Domains") },
    },
  },
  "/api/svc/status": {
    get: {
      tags: ["discovery"],
      summary: "This hub: identity, network, widget URL and event rate",
      description: "On a hosted blog's origin the same path answers the blog's identity ({ site: { name, origin, domain, siteId }, hub, widgetUrl }).",
      responses: { "200": json(svcStatusResponse, "Status") },
    },
  },
};
