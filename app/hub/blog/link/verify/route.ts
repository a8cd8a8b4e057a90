import { route } from "@/lib/http/route";
import { verifyBlogLinkBody } from "@/lib/schemas/sites";
import { verifyBlogLink } from "@/lib/sites/verify-blog-link";

// POST /hub/blog/link/verify — redeem a blog link token: answers the wallet that minted it
export const POST = route({ body: verifyBlogLinkBody }, ({ body }) => verifyBlogLink(body));
