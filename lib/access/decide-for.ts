import "server-only";
import { db } from "@/lib/db";
import { activePass } from "./active-pass";
import type { Audience } from "./audience-policy";
import { decideAccess, type AccessPurpose, type EntitlementState } from "./decide-access";
import type { Viewer } from "./resolve-viewer";
import type { AccessAdapter, AccessContext } from "./types";

/**
 * Loads what the one access decision needs about a viewer of a resource (whitelist membership and
 * its entitlement, both keyed by the adapter's entitlementKey, or an active pass that covers the resource, which counts as one) and decides. Called for the request's viewer, and again for the verified payer of a
 * payment (possessed by its signature) before and after settling.
 */
export async function decideFor<R extends { id: string }>(
  adapter: AccessAdapter<R, unknown>,
  { resource, viewer, purpose, now, audience }: { resource: R | null; viewer: Viewer; purpose: AccessPurpose; now: Date; audience: Audience },
): Promise<AccessContext<R>> {
  const wallet = viewer.wallet;
  const scopes = (resource && adapter.passScopes?.(resource)) || [];
  const [whitelisted, ent, pass] =
    resource && wallet
      ? await Promise.all([
          adapter.repeatable ? false : db.accessListEntry.findUnique({ where: { resourceKey_wallet: { resourceKey: adapter.entitlementKey(resource), wallet } }, select: { id: true } }).then(Boolean),
          adapter.repeatable ? null : db.entitlement.findUnique({ where: { resourceKey_wallet: { resourceKey: adapter.entitlementKey(resource), wallet } }, select: { status: true, source: true } }),
          scopes.length ? activePass({ scopes, wallet, now }) : null,
        ])
      : [false, null, null];
  let entitlement = (ent?.status as EntitlementState) ?? null;
  let entitlementSource = ent?.source ?? null;
  // An active pass entitles like a purchase (a ban still wins); posts bought singly keep their own row.
  if (pass && entitlement !== "banned" && entitlement !== "active") {
    entitlement = "active";
    entitlementSource = "pass";
  }
  const decision = decideAccess({ gate: resource && adapter.gate(resource), viewer, whitelisted, entitlement, purpose, now, noun: adapter.noun, audience });
  return { resource, viewer, whitelisted, entitlement, entitlementSource, decision, purpose, now, audience };
}
