import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export type EntitlementAction = "revoke" | "ban" | "restore";

/**
 * The owner's entitlement actions on any gated resource (a share "qs:<id>", a blog post
 * "post:<id>"), after the caller checked ownership. revoke: active → revoked (content stops being
 * served to that wallet; it may buy again). ban: any state → banned (hard deny, no re-purchase; a
 * wallet that never had access can be banned up front). restore: revoked or banned → active —
 * except a ban made up front, which is simply lifted (the wallet never paid, so it gets nothing for free).
 */
export async function applyEntitlementAction({ resourceKey, wallet, action, what }: { resourceKey: string; wallet: string; action: EntitlementAction; what: string }) {
  const w = getAddress(wallet);
  const key = { resourceKey_wallet: { resourceKey, wallet: w } };
  const where = { resourceKey, wallet: w };
  const done = (status: "active" | "revoked" | "banned" | "none") => ({ success: true as const, wallet: w, status });

  if (action === "ban") {
    await db.entitlement.upsert({ where: key, create: { ...where, status: "banned", source: "ban" }, update: { status: "banned" } });
    return done("banned");
  }
  const row = await db.entitlement.findUnique({ where: key });
  if (!row) throw new ApiError("not-found", `${w} has no entitlement to this ${what}`);
  if (action === "revoke") {
    if (row.status === "banned") throw new ApiError("conflict", `${w} is banned; restore it before revoking`);
    await db.entitlement.updateMany({ where: { ...where, status: "active" }, data: { status: "revoked" } });
    return done("revoked");
  }
  // restore
  if (row.status === "active") return done("active");
  if (row.source === "ban") {
    await db.entitlement.deleteMany({ where: { ...where, source: "ban", status: "banned" } });
    return done("none");
  }
  await db.entitlement.updateMany({ where: { ...where, status: { in: ["revoked", "banned"] } }, data: { status: "active" } });
  return done("active");
}
