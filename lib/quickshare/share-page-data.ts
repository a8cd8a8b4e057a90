import "server-only";
import { getAddress } from "viem";
import { viewResource } from "@/lib/access/view-resource";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { AccessGrantBody } from "./build-grant";
import type { ShareRow } from "./find-share";
import { shareAccess } from "./share-access";
import { shareStatus } from "./share-status";
import { coverUrl, shareUrls } from "./share-urls";

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
 * What the share page (app/qs/[slug]/page.tsx) shows: the access engine's view of the share for this
 * viewer (lib/access/view-resource.ts, the same decision as the API, free and whitelist grants
 * recorded as the access route records them) with the share's public facts. `held`: the row the
 * request edge (lib/quickshare/share-edge.ts) already read for this request (undefined: look it up).
 */
export async function sharePageData({ slug, held, claim, sessionWallet, now }: { slug: string; held?: ShareRow | null; claim: string | null; sessionWallet: string | null; now: Date }): Promise<SharePageData> {
  const view = await viewResource(shareAccess, { key: slug, resource: held, claim, sessionWallet, now });
  if (view.state === "redirect") return { state: "redirect", url: view.url, share: null };
  if (view.state === "not-found") return { state: "not-found", share: null };
  if (view.state === "gone") return { state: "gone", share: null };
  const share = view.resource;
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
  switch (view.state) {
    case "expired":
      return { ...base, state: "expired" };
    case "paywall":
      return { ...base, state: "charge", amountAtomic: view.amountAtomic.toString() };
    case "denied": {
      const invite = view.code === "not-invited" || view.code === "possession-required";
      return { ...base, state: "denied", deny: { code: view.code, details: view.details, invite, possessed: view.viewer.possessed, signedIn: !!view.viewer.wallet } };
    }
    case "granted":
      return { ...base, state: "granted", grant: view.body };
  }
}
