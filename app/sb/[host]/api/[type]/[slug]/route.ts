import { z } from "zod";
import { accessResource } from "@/lib/access/access-resource";
import { answerResponse } from "@/lib/access/answer-response";
import { blogContext } from "@/lib/blog/blog-context";
import { postAccess } from "@/lib/blog/post-access";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { shortAccessParams, walletOptionalQuery } from "@/lib/schemas/blog";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /api/<type>/<slug> (blog origin) — short mirror of the access route
export const GET = route({ params: shortAccessParams.extend({ host: z.string() }), query: walletOptionalQuery }, async ({ req, params, query }) => {
  const blog = await blogContext(req, params.host);
  return answerResponse(
    await accessResource(postAccess(blog), {
      key: `/${params.type}/${params.slug}`, claim: query.wallet ?? null, sessionWallet: blog.session?.wallet ?? null,
      credentials: parseCredentials(req.headers), purpose: "access", now: requestNow(req),
    }),
  );
});
