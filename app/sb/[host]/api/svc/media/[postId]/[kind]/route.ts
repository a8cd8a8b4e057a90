import { audienceOf } from "@/lib/access/audience-of";
import { serveMedia } from "@/lib/access/serve-media";
import { blogReader } from "@/lib/blog/blog-scope";
import { postAccess } from "@/lib/blog/post-access";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { blogMediaOp } from "@/lib/openapi/paths-blog";
import { wantsDownload } from "@/lib/schemas/media";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /api/svc/media/<postId>/<kind>?index=N (blog origin) — one decrypted media file; paid posts need the unlock proof
export const GET = route({ ...blogMediaOp, auth: blogReader, writes: "counts" }, async ({ req, params, query, blog }) => {
  const credentials = parseCredentials(req.headers);
  return serveMedia(postAccess(blog), {
    key: params.postId, kind: params.kind === "audio" ? "music" : params.kind, index: query.index,
    proof: credentials.proof ?? query.proof ?? null, audience: audienceOf({ actor: credentials.actor }), claim: query.wallet ?? null, sessionWallet: blog.session?.wallet ?? null,
    download: wantsDownload(query.download), range: req.headers.get("range"), head: req.method === "HEAD", now: requestNow(req),
  });
});
