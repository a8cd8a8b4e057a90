import { route } from "@/lib/http/route";
import { verifyBlogLinkOp } from "@/lib/openapi/paths-sites";
import { verifyBlogLink } from "@/lib/sites/verify-blog-link";

// POST /hub/blog/link/verify — redeem a blog link token: answers the wallet that minted it
export const POST = route(verifyBlogLinkOp, ({ body }) => verifyBlogLink(body));
