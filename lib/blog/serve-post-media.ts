import "server-only";
import { ApiError } from "@/lib/http/errors";
import { mediaItemResponse } from "@/lib/quickshare/serve-share-media";
import type { BlogContext } from "./blog-context";
import { findPostByKey } from "./find-post";
import { loadPostAccess } from "./load-post-access";
import { postDecisionError } from "./post-decision-error";
import { listPostMedia } from "./post-media";

/**
 * GET /api/svc/media/<postId>/<kind>?index=N: one decrypted file of a post. Free public posts stream
 * without proof; paid posts need an active entitlement proven by x-svc-payment-proof (or query
 * proof), or the paying wallet's blog session — media never charges.
 */
export async function servePostMedia({ blog, postId, kind, index, proof, claim, download, range }: {
  blog: BlogContext;
  postId: string;
  kind: string;
  index: number;
  proof: string | null;
  claim: string | null;
  download: boolean;
  range: string | null;
}): Promise<Response> {
  const found = await findPostByKey({ siteId: blog.site.id, key: postId });
  const post = found && found.id === postId ? found : null;
  const ctx = await loadPostAccess({ post, claim, proof, sessionWallet: blog.session?.wallet ?? null, purpose: "media" });
  const err = postDecisionError(ctx.decision, `post ${postId}`);
  if (err) throw err;
  if (ctx.decision.outcome !== "grant" || !post) throw new Error(`media: unexpected ${ctx.decision.outcome}`);
  const want = kind === "audio" ? "music" : kind;
  const item = (await listPostMedia({ origin: blog.origin, post })).find((m) => m.kind === want && m.index === index);
  if (!item) throw new ApiError("not-found", `This post has no ${kind} at index ${index}`);
  return mediaItemResponse({ item, download, range });
}
