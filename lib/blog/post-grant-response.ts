import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { activateEntitlement } from "@/lib/quickshare/grant-access";
import { NO_STORE } from "@/lib/quickshare/grant-response";
import type { paymentSummary } from "@/lib/schemas/quickshare";
import type { BlogContext } from "./blog-context";
import { buildPostGrant, type PostVia } from "./build-post-grant";
import type { PostAccessContext } from "./load-post-access";
import { postEntitlementKey } from "./post-gate";

/** Acts on a grant decision for a post (recording a free or whitelist entitlement it calls for) and answers 200. */
export async function postGrantResponse(blog: BlogContext, ctx: PostAccessContext, paid?: { wallet: Address; payment: z.infer<typeof paymentSummary>; headers?: Record<string, string> }): Promise<Response> {
  const { post, viewer, decision } = ctx;
  if (!post) throw new Error("postGrantResponse without a post");
  let via: PostVia;
  let entitled: boolean;
  let source: string | null;
  let wallet = viewer.wallet;
  if (paid) {
    via = "payment";
    entitled = true;
    source = "payment";
    wallet = paid.wallet;
  } else {
    if (decision.outcome !== "grant") throw new Error(`postGrantResponse for a ${decision.outcome} decision`);
    if (decision.entitle && wallet) {
      const entitle = decision.entitle;
      const w = wallet;
      await db.$transaction((tx) => activateEntitlement(tx, { resourceKey: postEntitlementKey(post.id), wallet: w, source: entitle, paymentId: null }));
    }
    via = decision.via;
    entitled = decision.issueProof;
    source = decision.entitle ?? ctx.entitlementSource;
  }
  const body = await buildPostGrant({ blog, post, via, wallet, entitled, entitlementSource: source, liveProof: paid ? null : viewer.liveProof, payment: paid?.payment ?? null, now: ctx.now });
  return Response.json(body, { headers: { "cache-control": NO_STORE, ...paid?.headers } });
}
