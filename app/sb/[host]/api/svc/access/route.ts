import { accessResource } from "@/lib/access/access-resource";
import { accessRouteAnswer } from "@/lib/access/access-route-answer";
import { blogReader } from "@/lib/blog/blog-scope";
import { postAccess } from "@/lib/blog/post-access";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { postAccessOp } from "@/lib/openapi/paths-blog";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /api/svc/access?path=/<type>/<slug> (blog origin) — x402 access: decrypted content and media metadata, or 402/403/404
export const GET = route({ ...postAccessOp, auth: blogReader, writes: "counts" }, async ({ req, query, blog }) => {
  return accessRouteAnswer(
    await accessResource(postAccess(blog), {
      key: query.path, claim: query.wallet ?? null, sessionWallet: blog.session?.wallet ?? null,
      credentials: parseCredentials(req.headers), purpose: "access", now: requestNow(req),
    }),
  );
});
