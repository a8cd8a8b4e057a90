/**
 * The hub's API paths and the internal /sb tree, on any host. The explore page's feeds
 * (/explore/feed.xml, …) are documents served as they are, like the API, beside the page.
 */
const API_PATH = /^\/(?:hub\/|quickshare\/|auth\/|facilitator\/|\.well-known\/|sb\/|(?:health|health\/ready|metrics|mcp|openapi\.json|sb|explore\/(?:feed\.xml|atom\.xml|feed\.json))$)/;
/**
 * A hosted blog's API on its own origin (its uploads excepted: Next serves them as assets), and its
 * documents served as they are, like the hub's explore feeds: the site manifest and the feeds. Served as
 * pages they went through Next's router (about 1 ms of CPU each, bench/README.md "Issue 38, session 61").
 */
const BLOG_API_PATH = /^\/(?:api\/(?!uploads\/)|(?:svc\.json|feed\.xml|atom\.xml|feed\.json)$)/;
/** Next's assets, uploads (same-origin session writes; 30 MB bodies) and the files every origin serves as they are. */
const ASSET_PATH = /^\/(?:_next\/|uploads\/|api\/uploads\/|(?:favicon\.ico|icon\.svg|apple-icon\.png|icon-192\.png|icon-512\.png|manifest\.webmanifest)$)/;
/** The internal tree hosted blogs are served under (/sb/<domain>/…, app/sb/[host]): never a client's own path. */
export const BLOG_TREE = "/sb";
export const BLOG_TREE_PATH = /^\/sb(?:\/|$)/;

/** Whether a path is served as API (JSON answers, the guard) on the hub (`blog` null) or a hosted blog's host. */
export function isApiPath(pathname: string, blog: string | null): boolean {
  return API_PATH.test(pathname) || (blog !== null && BLOG_API_PATH.test(pathname));
}

/** On a blog's host, whether an API path is the blog's own (its /api/, its manifest and feeds) rather than the hub's (/hub/…, /auth/…). */
export function isBlogApiPath(pathname: string): boolean {
  return BLOG_API_PATH.test(pathname);
}

/** The one decision of what a request is: API, page or asset (lib/edge/plugs.ts, `EdgeRequest.kind`). */
export function requestKind(pathname: string, blog: string | null): "api" | "page" | "asset" {
  if (isApiPath(pathname, blog)) return "api";
  return ASSET_PATH.test(pathname) ? "asset" : "page";
}

/** The internal path a hosted blog's request for `pathname` is served at, /sb/<domain>/… (next.config.mjs's rewrite). */
export function blogTreePath(domain: string, pathname: string): string {
  return `/sb/${domain}${pathname === "/" ? "" : pathname}`;
}
