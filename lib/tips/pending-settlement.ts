import "server-only";
import { db, type DbOrTx } from "@/lib/db";

export type SettlementState = { pending: Set<string>; failed: Set<string> };

/**
 * Where the Gateway credit of gateway-rail held tips stands. A gateway hold is a Payment locked for
 * payTo = the box; the batch settler settles it on chain into the box. `pending`: not settled yet, so
 * the USDC is not in the box and a claim or refund must wait (202 pending-settlement). `failed`: the
 * settler refused the authorization, so nothing will ever arrive (the tip is voided).
 */
export async function pendingSettlement(tips: Array<{ id: string; rail: string; paymentId: string | null }>, client: DbOrTx = db): Promise<SettlementState> {
  const state: SettlementState = { pending: new Set(), failed: new Set() };
  const gateway = tips.filter((t) => t.rail === "gateway");
  if (!gateway.length) return state;
  const paymentIds = gateway.map((t) => t.paymentId).filter((id): id is string => !!id);
  const statuses = new Map(
    (await client.payment.findMany({ where: { id: { in: paymentIds } }, select: { id: true, status: true } })).map((p) => [p.id, p.status]),
  );
  for (const tip of gateway) {
    const status = tip.paymentId ? statuses.get(tip.paymentId) : undefined;
    if (status === "settled") continue;
    (status === "failed" ? state.failed : state.pending).add(tip.id);
  }
  return state;
}
