import "server-only";
import { canonicalDomain } from "@/lib/chain/predict";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { usdcNumber } from "@/lib/money";
import { holdingBox } from "./holding-box";
import { pendingSettlement } from "./pending-settlement";
import { tipView } from "./tip-view";

const OPEN = ["held", "releasing"];

/** GET /hub/tips/held — the tips still held for a domain, newest first (public: no site verification). */
export async function listHeld({ domain, limit }: { domain: string; limit: number }) {
  let key: string;
  try {
    key = canonicalDomain(domain);
  } catch {
    throw new ApiError("invalid-request", `domain: "${domain}" is not a domain`);
  }
  const where = { network: env.NETWORK_MODE, domain: key, status: { in: OPEN } };
  const [rows, total, all] = await Promise.all([
    db.tip.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit }),
    db.tip.count({ where }),
    db.tip.findMany({ where, select: { id: true, rail: true, paymentId: true, amountAtomic: true, refundedAtomic: true } }),
  ]);
  const { pending } = await pendingSettlement(all);
  const totalAtomic = all.reduce((sum, t) => sum + t.amountAtomic - t.refundedAtomic, 0n);
  return {
    success: true as const,
    domain: key,
    box: holdingBox(key).box,
    tips: rows.map((t) => tipView(t, pending.has(t.id))),
    total,
    totalAmount: usdcNumber(totalAtomic),
    pendingSettlement: pending.size,
  };
}
