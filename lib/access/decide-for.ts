import "server-only";
import { db } from "@/lib/db";
import type { Audience } from "./audience-policy";
import { decideAccess, type AccessPurpose, type EntitlementState } from "./decide-access";
import type { Viewer } from "./resolve-viewer";
import type { AccessAdapter, AccessContext } from "./types";

/**
 * Loads what the one access decision needs about a viewer of a resource (whitelist membership, its
 * entitlement) and decides. Called for the request's viewer, and again for the verified payer of a
 * payment (possessed by its signature) before and after settling.
 */
export async function decideFor<R extends { id: string }>(
  adapter: AccessAdapter<R, unknown>,
  { resource, viewer, purpose, now, audience }: { resource: R | null; viewer: Viewer; purpose: AccessPurpose; now: Date; audience: Audience },
): Promise<AccessContext<R>> {
  const wallet = viewer.wallet;
  const [whitelisted, ent] =
    resource && wallet
      ? await Promise.all([
          adapter.whitelisted(resource, wallet),
          db.entitlement.findUnique({ where: { resourceKey_wallet: { resourceKey: adapter.entitlementKey(resource), wallet } }, select: { status: true, source: true } }),
        ])
      : [false, null];
  const entitlement = (ent?.status as EntitlementState) ?? null;
  const decision = decideAccess({ share: resource && adapter.gate(resource), viewer, whitelisted, entitlement, purpose, now, noun: adapter.noun, audience });
  return { resource, viewer, whitelisted, entitlement, entitlementSource: ent?.source ?? null, decision, purpose, now, audience };
}
