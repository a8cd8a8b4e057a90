import "server-only";
import { getAddress, type Address } from "viem";
import { predictFeeWallet } from "@/lib/chain/predict";
import { env } from "@/lib/env";
import { HOSTED_FEE_BPS } from "@/lib/x402/constants";
import type { PaidResource } from "@/lib/x402/types";
import type { ShareRow } from "./find-share";
import { shareUrls } from "./share-urls";

/**
 * A share as lib/x402 sells it, at the price of one tier. Shares are hosted by the hub, so the
 * payment goes to the owner's fee wallet (99 % creator, 1 % protocol, split on chain) when the
 * fee-wallet factory is configured, else straight to the owner. The ledger row is of kind
 * quickshare and carries only amount, currency, tx hash, network and payer (docs/decisions.md #2): the
 * URL, title, recipient and payTo fields that would name the share or its owner are blanked.
 */
export function shareResource(share: ShareRow, priceAtomic: bigint): PaidResource {
  const owner = getAddress(share.ownerWallet);
  const factory = env.FEE_WALLET_FACTORY_ADDRESS as Address | undefined;
  return {
    kind: "quickshare",
    id: share.id,
    url: shareUrls(share.slug).access,
    description: share.title,
    mimeType: "application/json",
    price: priceAtomic,
    payTo: factory ? predictFeeWallet({ factory, creator: owner }) : owner,
    recipient: owner,
    feeBps: factory ? HOSTED_FEE_BPS : 0,
    siteId: null,
    contentId: null,
    ledger: {
      type: "quickshare", subkind: "unlock", actor: null, websiteId: null, contentId: null, contentTitle: null, contentUrl: null,
      domain: null, receiptUrl: null, recipientWallet: null, walletAddress: null,
    },
  };
}
