import type { PagePlug } from "@/lib/edge/plugs";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { blogPageHeaders, isBlogReaderPage } from "./blog-page-headers";
import { postAgentPath } from "./post-agent-path";

/**
 * A hosted blog's pages at the request edge (lib/edge): its index and posts may be kept for anonymous
 * readers; an agent's request for a post page is the post's access route (lib/blog/post-agent-path.ts),
 * served from the blog's API; every other page gets the Link header a server component cannot set.
 */
export const blogPages: PagePlug = {
  host: "blog",
  matches: () => true,
  kept: isBlogReaderPage,
  route({ pathname, search, method, req, web }, origin) {
    // Only a post page (GET or HEAD) can be an agent's: its credentials are read for no other page.
    if ((method === "GET" || method === "HEAD") && pathname !== "/" && isBlogReaderPage(pathname)) {
      const rewrite = postAgentPath({ pathname, search, method, accept: req.headers.accept ?? null, rsc: req.headers.rsc !== undefined, credentials: parseCredentials(web().headers) });
      if (rewrite) return { rewrite };
    }
    const headers = blogPageHeaders({ origin: origin!, pathname, method });
    return headers ? { headers } : null;
  },
};
