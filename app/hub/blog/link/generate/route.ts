import { route } from "@/lib/http/route";
import { generateBlogLinkOp } from "@/lib/openapi/paths-sites";
import { generateBlogLink } from "@/lib/sites/generate-blog-link";

// POST /hub/blog/link/generate — mint a single-use blog link token bound to the session wallet
export const POST = route({ ...generateBlogLinkOp, auth: "session" }, ({ body, session }) =>
  generateBlogLink({ wallet: session.wallet, siteId: body.siteId }),
);
