import { wantsPage } from "@/lib/access/wants-page";
import type { Credentials } from "@/lib/x402/parse-credentials";
import { isBlogReaderPage } from "./blog-page-headers";

/**
 * A hosted post's page URL is also the post as a paid resource: an agent's GET or HEAD of
 * `/<type>/<slug>` (lib/access/wants-page.ts) is answered by the blog's access route for that path,
 * `/api/svc/access?path=/<type>/<slug>` with the page's own query (e.g. `wallet`) kept, so its JSON,
 * 402 challenge and headers are that route's. Next's own client router (an `RSC` request, whose
 * Accept is not HTML) is the page's. Returns that blog path and query, or null (the page).
 */
export function postAgentPath({ pathname, search, method, accept, rsc, credentials }: { pathname: string; search: string; method: string; accept: string | null; rsc: boolean; credentials: Credentials }): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (rsc && credentials.payment.kind === "none" && credentials.actor !== "agent") return null;
  if (pathname === "/" || !isBlogReaderPage(pathname)) return null;
  if (wantsPage({ accept, credentials })) return null;
  const query = new URLSearchParams(search);
  query.delete("path");
  const rest = query.toString();
  return `/api/svc/access?path=${encodeURIComponent(pathname)}${rest ? `&${rest}` : ""}`;
}
