import "server-only";
import { hostedPayee } from "@/lib/access/hosted-payee";
import type { PaidResource } from "@/lib/x402/types";
import type { ShareRow } from "./find-share";
import { shareUrls } from "./share-urls";

/**
 * A share as lib/x402 sells it, at the price of one tier. Shares are hosted by the hub: payee and fee
 * follow the engine's one rule (lib/access/hosted-payee.ts; a share has no stored fee wallet). The ledger row is of kind
 * quickshare and carries only amount, currency, tx hash, network and payer (docs/decisions.md #2): the
 * URL, title, recipient and payTo fields that would name the share or its owner are blanked.
 */
export function shareResource(share: ShareRow, priceAtomic: bigint): PaidResource {
  const { payTo, recipient, feeBps } = hostedPayee({ owner: share.ownerWallet });
  return {
    kind: "quickshare",
    id: share.id,
    url: shareUrls(share.slug).access,
    description: share.title,
    mimeType: "application/json",
    price: priceAtomic,
    payTo,
    recipient,
    feeBps,
    siteId: null,
    contentId: null,
    ledger: {
      type: "quickshare", subkind: "unlock", actor: null, websiteId: null, contentId: null, contentTitle: null, contentUrl: null,
      domain: null, receiptUrl: null, recipientWallet: null, walletAddress: null,
    },
  };
}
