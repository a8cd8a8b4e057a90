import "server-only";
import { db, type DbOrTx } from "@/lib/db";

/**
 * Ids of gateway-rail held tips whose Gateway credit the hub has not collected yet: the tip's Payment
 * (locked for payTo = the box) has not been settled on chain by the batch settler, so the USDC is not
 * in the box and a claim or refund must wait (202 pending-settlement).
 */
export async function pendingSettlement(tips: Array<{ id: string; rail: string; paymentId: string | null }>, client: DbOrTx = db): Promise<Set<string>> {
  const gateway = tips.filter((t) => t.rail === "gateway");
  if (!gateway.length) return new Set();
  const paymentIds = gateway.map((t) => t.paymentId).filter((id): id is string => !!id);
  const settled = new Set(
    (await client.payment.findMany({ where: { id: { in: paymentIds }, status: "settled" }, select: { id: true } })).map((p) => p.id),
  );
  return new Set(gateway.filter((t) => !t.paymentId || !settled.has(t.paymentId)).map((t) => t.id));
}
