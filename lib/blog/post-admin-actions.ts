import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { formatUsdc, parseUsdc } from "@/lib/money";
import { applyEntitlementAction, type EntitlementAction } from "@/lib/access/apply-entitlement-action";
import { describeAccessList } from "@/lib/access/describe-access-list";
import { gatewayBalance } from "@/lib/access/gateway-balance";
import { replaceAccessList } from "@/lib/access/replace-access-list";
import { resourceKey } from "@/lib/access/resource-key";
import type { postAccessControlBody } from "@/lib/schemas/blog";
import type { BlogContext } from "./blog-context";
import { adminPost, type PostRow } from "./find-post";
import { postAccess } from "./post-access";
import { syncPostListing } from "./post-listing";
import { postPath } from "./post-urls";

/** The admin's access-control view of a post: tier, prices, publicAccess, and the engine's list-and-entitlements view, as for a share. */
async function describe(post: PostRow) {
  const { whitelist, entitlements } = await describeAccessList(resourceKey("post", post.id));
  return { success: true as const, id: post.id, path: postPath(post), whitelist, entitlements, tier: post.tier, publicAccess: post.publicAccess, price: formatUsdc(post.priceAtomic), whitelistPrice: post.whitelistPriceAtomic === null ? null : formatUsdc(post.whitelistPriceAtomic) };
}

/** GET /api/svc/posts/<key>/access-control (admin). */
export async function getPostAccessControl({ blog, key }: { blog: BlogContext; key: string }) {
  return describe(await adminPost({ siteId: blog.site.id, key }));
}

/** PUT /api/svc/posts/<key>/access-control (admin): whitelist (replaced), tier, publicAccess, whitelistPrice. */
export async function updatePostAccessControl({ blog, key, input }: { blog: BlogContext; key: string; input: z.output<typeof postAccessControlBody> }) {
  const post = await adminPost({ siteId: blog.site.id, key });
  const updated = await db.$transaction(async (tx) => {
    if (input.whitelist !== undefined) await replaceAccessList(tx, { resourceKey: resourceKey("post", post.id), wallets: input.whitelist });
    const row = await tx.blogPost.update({ where: { id: post.id }, data: { ...(input.tier !== undefined && { tier: input.tier }), ...(input.publicAccess !== undefined && { publicAccess: input.publicAccess }), ...(input.whitelistPrice !== undefined && { whitelistPriceAtomic: input.whitelistPrice === null ? null : parseUsdc(input.whitelistPrice) }) } });
    await syncPostListing(tx, { site: blog.site, post: row });
    return row;
  });
  return describe(updated);
}

/** ban / revoke / restore one wallet's entitlement to a post (admin); same states as shares. */
export async function changePostEntitlement({ blog, key, wallet, action }: { blog: BlogContext; key: string; wallet: string; action: EntitlementAction }) {
  const post = await adminPost({ siteId: blog.site.id, key });
  return applyEntitlementAction({ resourceKey: postAccess(blog).entitlementKey(post), wallet, action, what: "post" });
}

/** GET /api/svc/gateway/balances (admin): a depositor's Gateway Wallet balance (default the admin's own wallet). */
export function blogGatewayBalances({ wallet }: { wallet: string }) {
  return gatewayBalance({ wallet });
}
