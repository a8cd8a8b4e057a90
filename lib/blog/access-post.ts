import "server-only";
import type { NextRequest } from "next/server";
import { claimedPayer, hasPaymentCredentials } from "@/lib/quickshare/claimed-payer";
import type { BlogContext } from "./blog-context";
import { findPostByPath } from "./find-post";
import { decidePostFor, loadPostAccess } from "./load-post-access";
import { payForPost } from "./pay-for-post";
import { postDecisionError } from "./post-decision-error";
import { postGrantResponse } from "./post-grant-response";
import { postResource } from "./post-resource";

/**
 * GET /api/svc/access?path=/<type>/<slug> and its mirror /api/<type>/<slug> on a blog's origin: 200
 * with the decrypted content and media metadata, 402 with the x402 challenge, 403 (invite-only,
 * banned, …) before any payment, 404 for drafts and unknown posts — from the one access decision.
 */
export async function accessPost({ blog, req, path, claim }: { blog: BlogContext; req: NextRequest; path: string; claim: string | null }): Promise<Response> {
  const post = await findPostByPath({ siteId: blog.site.id, path });
  let ctx = await loadPostAccess({ post, claim, proof: req.headers.get("x-svc-payment-proof"), sessionWallet: blog.session?.wallet ?? null, purpose: "access" });
  if (!ctx.viewer.wallet && post && hasPaymentCredentials(req.headers)) {
    // Anonymous credentials name their payer: decide for it (its invitation), so an invited payer need not also pass ?wallet=.
    const payer = await claimedPayer({ headers: req.headers, resourceUrl: postResource({ site: blog.site, origin: blog.origin, post, priceAtomic: post.priceAtomic }).url });
    if (payer) ctx = await decidePostFor({ post, viewer: { ...ctx.viewer, wallet: payer.wallet, possessed: false }, purpose: ctx.purpose, now: ctx.now });
  }
  const err = postDecisionError(ctx.decision, path);
  if (err) throw err;
  if (ctx.decision.outcome === "charge") return payForPost({ blog, ctx, req });
  return postGrantResponse(blog, ctx);
}
