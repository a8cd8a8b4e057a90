import "server-only";
import type { EntitlementGrant } from "@/lib/access/types";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { recordActivity } from "@/lib/ledger/record-activity";
import type { ShareRow } from "./find-share";

/**
 * A share's bookkeeping when the engine newly grants access (in the entitlement's transaction):
 * share counters and the dashboard event, and for a free grant one ledger row of kind quickshare
 * (amount 0, payer — never the slug, link or title; a paid grant's row is the payment's, written by
 * lib/x402 in the same transaction).
 */
export async function grantAccess(tx: Tx, share: Pick<ShareRow, "id">, { wallet, payment }: EntitlementGrant): Promise<void> {
  const amountAtomic = payment?.amountAtomic ?? 0n;
  await tx.quickshare.update({
    where: { id: share.id },
    data: { unlockCount: { increment: 1 }, revenueAtomic: { increment: amountAtomic } }, // gross sales
  });
  const event = await tx.quickshareEvent.create({
    data: { shareId: share.id, network: env.NETWORK_MODE, kind: "unlock", wallet, amountAtomic, feeAtomic: payment?.feeAtomic ?? null, txHash: payment?.txHash ?? null },
  });
  if (payment) return;
  await recordActivity({ type: "quickshare", subkind: "unlock", sourceKey: `quickshare-unlock:${event.id}`, amountAtomic: 0n, payerWallet: wallet }, tx);
}
