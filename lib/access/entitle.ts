import "server-only";
import type { Tx } from "@/lib/db";
import { activateEntitlement } from "./activate-entitlement";
import type { AccessAdapter, EntitlementGrant } from "./types";

/**
 * Records one wallet's entitlement to a resource in `tx` (a free or whitelist grant in its own
 * transaction, a purchase in the payment's) and, when access is newly granted, the kind's own
 * bookkeeping (adapter.onGranted). True when access was newly granted.
 */
export async function entitle<R extends { id: string }>(adapter: AccessAdapter<R, unknown>, tx: Tx, resource: R, grant: EntitlementGrant): Promise<boolean> {
  if (adapter.repeatable) {
    // A pass keeps no entitlement row: each payment is its own grant (the adapter extends the pass).
    await adapter.onGranted?.(tx, resource, grant);
    return true;
  }
  const granted = await activateEntitlement(tx, { resourceKey: adapter.entitlementKey(resource), wallet: grant.wallet, source: grant.source, paymentId: grant.payment?.paymentId ?? null });
  if (granted) await adapter.onGranted?.(tx, resource, grant);
  return granted;
}
