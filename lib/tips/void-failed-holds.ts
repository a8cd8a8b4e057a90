import "server-only";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { recordActivity } from "@/lib/ledger/record-activity";

/**
 * Gateway holds whose authorization the batch settler refused never reached the box: they become
 * 'void' (a terminal state besides the four of the interface) with a negative ledger row that nets
 * their held row out. Returns how many were voided.
 */
export async function voidFailedHolds(ids: Iterable<string>): Promise<number> {
  let voided = 0;
  for (const id of ids) {
    await db.$transaction(async (tx) => {
      const moved = await tx.tip.updateMany({ where: { id, status: "held" }, data: { status: "void" } });
      if (moved.count !== 1) return;
      const tip = await tx.tip.findUniqueOrThrow({ where: { id } });
      await recordActivity({
        type: "tip", subkind: "void", status: "void", sourceKey: `tip-void:${id}`, websiteId: tip.siteId, domain: tip.domain,
        contentUrl: tip.contentUrl, contentTitle: tip.title || null, payerWallet: tip.payer, walletAddress: tip.boxAddress,
        amountAtomic: -(tip.amountAtomic - tip.refundedAtomic), revenueAtomic: 0n, paymentId: tip.paymentId,
        chainId: NETWORKS[env.NETWORK_MODE].chainId,
      }, tx);
      voided++;
    });
  }
  return voided;
}
