import type { PagePlug } from "@/lib/edge/plugs";
import { sharePageRoute } from "./share-page-route";
import { SHARE_PAGE_PATH } from "./wants-share-page";

/**
 * The share page at the request edge (lib/edge): kept for anonymous readers; agents go to the access
 * route, browsers to the page with the status its state needs and the share row handed over
 * (lib/quickshare/share-page-route.ts).
 */
export const sharePages: PagePlug = {
  host: "hub",
  matches: (pathname) => SHARE_PAGE_PATH.test(pathname),
  kept: (pathname) => SHARE_PAGE_PATH.test(pathname),
  async route({ web, search }) {
    const route = await sharePageRoute(web());
    if (!route) return null;
    if (route.kind === "agent") return { rewrite: route.pathname + search };
    return { status: route.status, headers: route.headers, handoff: route.handoff };
  },
};
