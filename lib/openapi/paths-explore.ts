import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  blogStatusResponse,
  exploreQuery,
  exploreResponse,
  SORT_FORMULAS,
  sitemapContentQuery,
  sitemapContentResponse,
  sitemapSitesResponse,
  svcStatusResponse,
} from "@/lib/schemas/explore";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

export const exploreOp = operation({
  method: "get",
  path: "/hub/explore/content",
  query: exploreQuery,
  response: exploreResponse,
  doc: {
    tags: ["discovery"],
    summary: "The explore feed",
    description: [
      "Content of this hub's network on verified, live sites (never quickshares). `q`: every word must occur in the title, description, tags, site name or domain (case-insensitive). `type`: article, music, video, image, document or all. `limit` 1..500 (default 100), `skip` ≥ 0; `total` counts every match.",
      `Sorts — trending (default): ${SORT_FORMULAS.trending}`,
      `best-sellers: ${SORT_FORMULAS["best-sellers"]}`,
      `hot-new: ${SORT_FORMULAS["hot-new"]}`,
    ].join("\n\n"),
    answer: "One page of content cards",
    responses: errors(400),
  },
});

export const sitemapContentOp = operation({
  method: "get",
  path: "/hub/sitemap/content",
  query: sitemapContentQuery,
  response: sitemapContentResponse,
  doc: {
    tags: ["discovery"],
    summary: "Content URLs for sitemaps",
    description: "Verified content of this network, most recently updated first; limit 1..50000 (default 50000).",
    answer: "URLs",
    responses: errors(400),
  },
});

export const sitemapSitesOp = operation({
  method: "get",
  path: "/hub/sitemap-sites",
  response: sitemapSitesResponse,
  doc: {
    tags: ["discovery"],
    summary: "Active hosted-blog domains",
    answer: "Domains",
  },
});

export const svcStatusOp = operation({
  method: "get",
  path: "/api/svc/status",
  // The hub's status, or on a hosted blog's origin the blog's (app/sb/[host]/api/svc/status).
  response: z.union([svcStatusResponse, blogStatusResponse]),
  doc: {
    tags: ["discovery"],
    summary: "This hub: identity, network, widget URL and event rate",
    description: "On a hosted blog's origin the same path answers the blog's identity ({ site: { name, origin, domain, siteId }, hub, widgetUrl }).",
    answer: "Status",
  },
});

export const explorePaths: ZodOpenApiPathsObject = pathsOf(exploreOp, sitemapContentOp, sitemapSitesOp, svcStatusOp);
