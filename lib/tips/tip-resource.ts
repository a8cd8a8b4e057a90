import "server-only";
import { getAddress, type Address } from "viem";
import { ApiError } from "@/lib/http/errors";
import { splitFee } from "@/lib/money";
import type { ActivityInput } from "@/lib/ledger/activity-input";
import type { PaidResource } from "@/lib/x402/types";
import { RESOLVED_FEE_BPS } from "./fees";
import { parseTipAmount } from "./parse-tip-amount";
import { resolveRecipient } from "./resolve-recipient";
import { tipTerms } from "./tip-terms";

/**
 * A tip to a quickshare link is quickshare activity, so its ledger row is of kind quickshare
 * (docs/decisions.md #2; subkind tip, status settled) and carries only amount, currency, tx hash, network,
 * payer and the fee — never the link, slug, title, the hub's domain, the owner or the owner's fee wallet.
 * It still counts among the tips of /hub/stats and the ledger totals (lib/ledger/ledger-totals.ts).
 */
export const QUICKSHARE_TIP_LEDGER = {
  type: "quickshare", subkind: "tip", status: "settled", actor: null, websiteId: null, contentId: null, contentTitle: null, contentUrl: null,
  domain: null, receiptUrl: null, recipientWallet: null, walletAddress: null,
} as const satisfies Partial<ActivityInput>;

export type TipInput = { contentUrl: string; amount: string | number; title?: string; recipient?: Address };

export type SettleTerms = {
  resource: PaidResource;
  payee: Address;
  payTo: Address;
  feeBps: number;
  /** The 1% of the amount asked for (at least the fee of the amount actually paid is stamped on the tip). */
  protocolFeeAtomic: bigint;
  /** fee-wallet: moved on chain by the fee wallet's 99/1 split; accrued: recorded on the tip, not moved. */
  feeSettlement: "fee-wallet" | "accrued";
  source: "content" | "site" | "quickshare" | "request";
  domain: string;
  siteId: string | null;
  title: string;
};

/**
 * What a settled tip to `contentUrl` pays, decided on the server: the hub's resolution wins over the
 * body's `recipient`, which only names the creator of a page the hub cannot resolve (400
 * missing-recipient when neither exists). payTo is the creator's fee wallet when hosted (quickshare
 * too), else the creator. The x402 payment records the fee it actually moves: 1% for hosted, 0 for
 * self-hosted, whose 1% is stamped on the tip as accrued.
 */
export async function tipResource(input: TipInput): Promise<SettleTerms> {
  const price = parseTipAmount(input.amount);
  const r = await resolveRecipient({ url: input.contentUrl });
  let payee: Address;
  let payTo: Address;
  let collected: boolean;
  let source: SettleTerms["source"];
  let siteId: string | null = null;
  if (r.resolved) {
    const terms = tipTerms(r);
    payee = r.wallet;
    payTo = terms.payTo;
    collected = terms.feeCollectedBy === "fee-wallet";
    source = r.source;
    siteId = r.siteId;
  } else if (r.holdable && input.recipient) {
    payee = getAddress(input.recipient);
    payTo = payee;
    collected = false;
    source = "request";
  } else {
    throw new ApiError(
      "missing-recipient",
      r.holdable
        ? `recipient: ${r.reason}, so name the creator's wallet, or hold the tip for the domain (POST /hub/tips/hold)`
        : `recipient: ${r.reason}`,
    );
  }
  const { fee } = splitFee(price, RESOLVED_FEE_BPS);
  const title = input.title ?? (r.resolved ? r.title ?? "" : "");
  const resource: PaidResource = {
    kind: "tip",
    id: input.contentUrl,
    url: input.contentUrl,
    description: `Tip for ${title || input.contentUrl}`,
    price,
    payTo,
    recipient: payee,
    feeBps: collected ? RESOLVED_FEE_BPS : 0,
    // Tips are not unlocks: no content or site counters; the site is attributed on the ledger row.
    siteId: null,
    contentId: null,
    ledger: r.resolved && r.source === "quickshare"
      ? QUICKSHARE_TIP_LEDGER
      : {
          type: "tip", subkind: "settled", status: "settled", websiteId: siteId, domain: r.domain, contentUrl: input.contentUrl,
          contentTitle: title || null,
        },
  };
  return {
    resource, payee, payTo, feeBps: RESOLVED_FEE_BPS, protocolFeeAtomic: fee, feeSettlement: collected ? "fee-wallet" : "accrued",
    source, domain: r.domain, siteId, title,
  };
}
