import "server-only";
import { getAddress } from "viem";
import { viewResource } from "@/lib/access/view-resource";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { BlogContext } from "./blog-context";
import type { PostGrantBody } from "./build-post-grant";
import type { PostRow } from "./find-post";
import { postAccess } from "./post-access";
import { listPostMedia, postDocument, type PostDocument } from "./post-media";
import { isOpenPost } from "./post-teaser";
import { postPath, postUrls } from "./post-urls";

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
      grant: (Omit<PostGrantBody, "media"> & { media: { items: { kind: string; url: string; fileName: string; contentType: string }[]; externalVideoUrl: string | null } }) | null;
      /** The document preview shown above the paywall (charge and denied). */
      preview: PostDocument | null;
      amountAtomic: string | null;
      deny: { invite: boolean; details: string } | null;
      token: `0x${string}`;
      gateway: `0x${string}`;
    };

/**
 * What a blog post page (app/sb/[host]/[type]/[slug]/page.tsx) shows: the access engine's view of the
 * post for the reader's blog session (lib/access/view-resource.ts, the same decision as the blog's
 * access route): free posts and entitled readers get the body; others the teaser, the document
 * preview and the paywall.
 */
export async function postPageData({ blog, path, now = new Date() }: { blog: BlogContext; path: string; now?: Date }): Promise<PostPageData> {
  const adapter = postAccess(blog);
  const view = await viewResource(adapter, { key: path, sessionWallet: blog.session?.wallet ?? null, now });
  if (view.state === "not-found" || view.state === "gone" || view.state === "redirect" || view.state === "expired") return { state: "not-found", post: null };
  const post = view.resource;
  const base = {
    post,
    urls: postUrls(blog.origin, post),
    path: postPath(post),
    price: formatUsdc(post.priceAtomic),
    access: isOpenPost(post) ? "free" as const : post.publicAccess ? "paid" as const : "invite-only" as const,
    proofId: adapter.proofId(post),
    grant: null,
    preview: null,
    amountAtomic: null,
    deny: null,
    token: getAddress(env.USDC_ADDRESS),
    gateway: getAddress(env.GATEWAY_WALLET_ADDRESS),
  };
  if (view.state === "granted") {
    const g = view.body;
    const items = g.media.items.filter((m) => m.kind !== "document").map(({ kind, url, fileName, contentType }) => ({ kind, url, fileName, contentType }));
    return { ...base, state: "granted", grant: { ...g, media: { items, externalVideoUrl: post.externalVideoUrl } } };
  }
  const preview = await postDocument({ media: await listPostMedia({ origin: blog.origin, post }), full: false });
  if (view.state === "paywall") return { ...base, state: "charge", preview, amountAtomic: view.amountAtomic.toString() };
  const invite = view.code === "not-invited" || view.code === "possession-required";
  return { ...base, state: "denied", preview, deny: { invite, details: invite ? "This post is for invited wallets only." : view.details } };
}
