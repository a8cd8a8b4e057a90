import "server-only";
import { getAddress } from "viem";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { BlogContext } from "./blog-context";
import { buildPostGrant } from "./build-post-grant";
import { findPostByPath, type PostRow } from "./find-post";
import { loadPostAccess } from "./load-post-access";
import { postProofId } from "./post-gate";
import { listPostMedia, postDocument, type PostDocument } from "./post-media";
import { isOpenPost } from "./post-teaser";
import { postPath, postUrls } from "./post-urls";

type PostGrant = Awaited<ReturnType<typeof buildPostGrant>>;

export type PostPageData =
  | { state: "not-found"; post: null }
  | {
      state: "granted" | "charge" | "denied";
      post: PostRow;
      urls: ReturnType<typeof postUrls>;
      path: string;
      price: string;
      access: "free" | "paid" | "invite-only";
      proofId: string;
      /** The decrypted body, media (documents apart) and full document (granted only). */
      grant: (Omit<PostGrant, "media"> & { media: { items: { kind: string; url: string; fileName: string; contentType: string }[]; externalVideoUrl: string | null } }) | null;
      /** The document preview shown above the paywall (charge and denied). */
      preview: PostDocument | null;
      amountAtomic: string | null;
      deny: { invite: boolean; details: string } | null;
      token: `0x${string}`;
      gateway: `0x${string}`;
    };

/**
 * What a blog post page (app/sb/[host]/[type]/[slug]/page.tsx) shows, from the same access decision
 * as the blog's access route: free posts and readers entitled through their blog session get the
 * body; others the teaser, the document preview and the paywall.
 */
export async function postPageData({ blog, path, now = new Date() }: { blog: BlogContext; path: string; now?: Date }): Promise<PostPageData> {
  const post = await findPostByPath({ siteId: blog.site.id, path });
  const ctx = await loadPostAccess({ post, sessionWallet: blog.session?.wallet ?? null, purpose: "access", now });
  const { decision } = ctx;
  if (!post || decision.outcome === "not-found" || decision.outcome === "gone" || decision.outcome === "redirect") return { state: "not-found", post: null };
  const base = {
    post,
    urls: postUrls(blog.origin, post),
    path: postPath(post),
    price: formatUsdc(post.priceAtomic),
    access: isOpenPost(post) ? "free" as const : post.publicAccess ? "paid" as const : "invite-only" as const,
    proofId: postProofId(post.id),
    grant: null,
    preview: null,
    amountAtomic: null,
    deny: null,
    token: getAddress(env.USDC_ADDRESS),
    gateway: getAddress(env.GATEWAY_WALLET_ADDRESS),
  };
  if (decision.outcome === "grant") {
    const g = await buildPostGrant({ blog, post, via: decision.via, wallet: ctx.viewer.wallet, entitled: false, entitlementSource: null, liveProof: null, now });
    const items = g.media.items.filter((m) => m.kind !== "document").map(({ kind, url, fileName, contentType }) => ({ kind, url, fileName, contentType }));
    return { ...base, state: "granted", grant: { ...g, media: { items, externalVideoUrl: post.externalVideoUrl } } };
  }
  const preview = await postDocument({ media: await listPostMedia({ origin: blog.origin, post }), full: false });
  if (decision.outcome === "charge") return { ...base, state: "charge", preview, amountAtomic: decision.amountAtomic.toString() };
  const invite = decision.outcome === "deny" && (decision.code === "not-invited" || decision.code === "possession-required");
  return { ...base, state: "denied", preview, deny: { invite, details: invite ? "This post is for invited wallets only." : decision.outcome === "deny" ? decision.details : "No access." } };
}
