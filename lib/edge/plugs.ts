import type { IncomingMessage } from "node:http";
import type { NextRequest } from "next/server";

/** What the edge made of a request, once (`openRequest`): every step after it reads this. */
export type EdgeRequest = {
  req: IncomingMessage;
  method: string;
  pathname: string;
  /** The query with its "?", or "". */
  search: string;
  /** The hosted blog the Host names, or null for the hub. */
  blog: string | null;
  /**
   * api: the hub's API paths, the internal /sb tree and a hosted blog's /api/ (JSON, the guard, no page
   * cache); page: everything Next renders as a page (and the hub's legacy /api/ prefix); asset: Next's
   * files, uploads and the icons every origin serves as they are (straight to Next).
   */
  kind: "api" | "page" | "asset";
  /** The request as lib/ reads requests (headers, cookies, URL), made on first use. */
  web(): NextRequest;
};

/** What a page plug decides for one page request (every field optional: nothing to do). */
export type PageDecision = {
  /** Serve this path of the same host instead, with its query (an agent's request for a page is the resource's access route). */
  rewrite?: string;
  /** The status the page's state needs where Next renders 200 (a server component cannot set it). */
  status?: number;
  /** Response headers a server component cannot set (a Link to the page's manifest). */
  headers?: Record<string, string>;
  /** Values handed to the page that renders this request, by kind (lib/edge/handoff.ts). */
  handoff?: Record<string, unknown>;
};

/** A domain's pages, as the edge routes them. */
export type PagePlug = {
  /** Pages on the hub's host, or on a hosted blog's. */
  host: "hub" | "blog";
  /** This plug's pages. */
  matches(pathname: string): boolean;
  /** Whether an anonymous reader's GET of this page may be kept whole (lib/edge/page-cache.ts); the page says yes itself (`keepPage`). */
  kept?(pathname: string): boolean;
  /** The page's routing; null: Next renders the page as it is. */
  route(request: EdgeRequest, origin: string | null): PageDecision | null | Promise<PageDecision | null>;
};

/**
 * What the domains give the edge (wired once, in lib/lifecycle/edge-plugs.ts): the edge itself imports
 * no domain.
 */
export type EdgePlugs = {
  /** The hosted blog a Host names, or null for the hub. */
  blogOfHost(host: string | undefined): string | null;
  /** The origin a hosted blog's reader used: its Host, on https when a proxy in front says so. */
  blogOrigin(host: string, forwardedProto: string | undefined): string;
  /** Request headers that make a page someone's (credentials, a declared actor): such a page is never kept. */
  personalHeaders: readonly string[];
  pages: readonly PagePlug[];
  /**
   * The app's route handlers by path template (every app/…/route.ts, generated: lib/lifecycle/api-handlers.ts),
   * which the edge calls itself for an API request (lib/edge/serve-route.ts); empty: Next serves them.
   */
  apiHandlers: ReadonlyArray<readonly [pattern: string, load: RouteModuleLoader]>;
};

/** A route file's exports (GET, POST, …), loaded on first use. */
export type RouteModuleLoader = () => Promise<Record<string, unknown>>;
