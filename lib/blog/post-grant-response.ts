import "server-only";
import { db } from "@/lib/db";
import { activateEntitlement } from "@/lib/quickshare/grant-access";
import { grantTerms, NO_STORE, type PaidGrant } from "@/lib/quickshare/grant-response";
import type { BlogContext } from "./blog-context";
import { buildPostGrant } from "./build-post-grant";
import type { PostAccessContext } from "./load-post-access";
import { postEntitlementKey } from "./post-gate";

/** Acts on a grant decision for a post (recording a free or whitelist entitlement it calls for) and answers 200. */
export async function postGrantResponse(blog: BlogContext, ctx: PostAccessContext, paid?: PaidGrant): Promise<Response> {
  const { post } = ctx;
  if (!post) throw new Error("postGrantResponse without a post");
  const { via, wallet, entitled, source } = await grantTerms(ctx, paid, (wallet, entitle) =>
    db.$transaction((tx) => activateEntitlement(tx, { resourceKey: postEntitlementKey(post.id), wallet, source: entitle, paymentId: null })),
  );
  const body = await buildPostGrant({ blog, post, via, wallet, entitled, entitlementSource: source, liveProof: paid ? null : ctx.viewer.liveProof, payment: paid?.payment ?? null, now: ctx.now });
  return Response.json(body, { headers: { "cache-control": NO_STORE, ...paid?.headers } });
}
