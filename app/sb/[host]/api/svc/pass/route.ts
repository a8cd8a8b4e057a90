import { accessResource } from "@/lib/access/access-resource";
import { blogReader } from "@/lib/blog/blog-scope";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { buyPassOp } from "@/lib/openapi/paths-passes";
import { passAccess } from "@/lib/passes/pass-access";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { JsonAnswer } from "@/lib/http/plain-answer";

// GET /api/svc/pass (blog origin) — buy (or extend) the blog's pass over x402: 402 challenge, then the pass and its unlock proof
export const GET = route({ ...buyPassOp, auth: blogReader, writes: "counts" }, async ({ req, query, blog }) => {
  const now = requestNow(req);
  const answer = await accessResource(passAccess(blog, now), {
    key: "pass", claim: query.wallet ?? null, sessionWallet: blog.session?.wallet ?? null,
    credentials: parseCredentials(req.headers), purpose: "access", now,
  });
  if (answer.kind !== "grant") throw new Error("a pass read never redirects");
  return new JsonAnswer(answer.body, answer.headers);
});
