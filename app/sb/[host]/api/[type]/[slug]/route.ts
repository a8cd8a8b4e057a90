import { accessResource } from "@/lib/access/access-resource";
import { accessRouteAnswer } from "@/lib/access/access-route-answer";
import { blogReader } from "@/lib/blog/blog-scope";
import { postAccess } from "@/lib/blog/post-access";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { shortPostAccessOp } from "@/lib/openapi/paths-blog";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /api/<type>/<slug> (blog origin) — short mirror of the access route
export const GET = route({ ...shortPostAccessOp, auth: blogReader, writes: "counts" }, async ({ req, params, query, blog }) => {
  return accessRouteAnswer(
    await accessResource(postAccess(blog), {
      key: `/${params.type}/${params.slug}`, claim: query.wallet ?? null, sessionWallet: blog.session?.wallet ?? null,
      credentials: parseCredentials(req.headers), purpose: "access", now: requestNow(req),
    }),
  );
});
