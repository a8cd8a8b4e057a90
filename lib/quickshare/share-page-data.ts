import "server-only";
import { getAddress } from "viem";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { buildGrant, type AccessGrantBody } from "./build-grant";
import type { ShareRow } from "./find-share";
import { grantAccess } from "./grant-access";
import { loadAccess } from "./load-access";
import { shareStatus } from "./share-status";
import { coverUrl, shareUrls } from "./share-urls";

export type SharePageState = "not-found" | "gone" | "expired" | "granted" | "charge" | "denied";

export type SharePageData =
  | { state: "not-found"; share: null }
  | { state: "gone"; share: null }
  | { state: "redirect"; url: string; share: null }
  | {
      state: "expired" | "granted" | "charge" | "denied";
      share: ShareRow;
      status: ReturnType<typeof shareStatus>;
      urls: ReturnType<typeof shareUrls>;
      cover: string | null;
      price: string;
      access: "free" | "paid" | "invite-only";
      /** The decrypted body (granted only). */
      grant: AccessGrantBody | null;
      /** What an unlock costs this viewer (charge only), atomic units. */
      amountAtomic: string | null;
      deny: { code: string; details: string; invite: boolean; possessed: boolean; signedIn: boolean } | null;
      token: `0x${string}`;
      gateway: `0x${string}`;
    };

/**
 * What the share page (app/qs/[slug]/page.tsx) shows, from the same access decision as the API:
 * the share's public facts, and the body when the viewer may read it (a free or whitelist grant
 * records its entitlement, as the access route does).
 */
export async function sharePageData({ slug, claim, sessionWallet, now }: { slug: string; claim: string | null; sessionWallet: string | null; now: Date }): Promise<SharePageData> {
  const ctx = await loadAccess({ slug, claim, sessionWallet, purpose: "access", now });
  const { share, decision, viewer } = ctx;
  if (decision.outcome === "redirect") return { state: "redirect", url: decision.url, share: null };
  if (!share || decision.outcome === "not-found") return { state: "not-found", share: null };
  if (decision.outcome === "gone") return { state: "gone", share: null };
  const base = {
    share,
    status: shareStatus(share, now),
    urls: shareUrls(share.slug),
    cover: share.coverStorageRef ? coverUrl(share.slug) : null,
    price: formatUsdc(share.priceAtomic),
    access: share.publicAccess ? (share.priceAtomic === 0n ? "free" as const : "paid" as const) : "invite-only" as const,
    grant: null,
    amountAtomic: null,
    deny: null,
    token: getAddress(env.USDC_ADDRESS),
    gateway: getAddress(env.GATEWAY_WALLET_ADDRESS),
  };
  if (decision.outcome === "expired") return { ...base, state: "expired" };
  if (decision.outcome === "charge") return { ...base, state: "charge", amountAtomic: decision.amountAtomic.toString() };
  if (decision.outcome === "deny") {
    const invite = decision.code === "not-invited" || decision.code === "possession-required";
    return { ...base, state: "denied", deny: { code: decision.code, details: decision.details, invite, possessed: viewer.possessed, signedIn: !!viewer.wallet } };
  }
  if (decision.entitle && viewer.wallet) await grantAccess({ shareId: share.id, wallet: viewer.wallet, source: decision.entitle });
  const grant = await buildGrant({ share, via: decision.via, wallet: viewer.wallet, entitled: decision.issueProof, entitlementSource: decision.entitle ?? ctx.entitlementSource, liveProof: null, now });
  return { ...base, state: "granted", grant };
}
