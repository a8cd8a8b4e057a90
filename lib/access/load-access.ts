import "server-only";
import { cachedValue } from "@/lib/http/read-cache";
import type { AccessPurpose } from "./decide-access";
import { decideFor } from "./decide-for";
import { passProofId } from "./active-pass";
import type { AccessAdapter, AccessContext, ViewerInput } from "./types";
import { viewerOf } from "./viewer-of";

/**
 * Finds the resource behind `key` with the adapter, resolves the request's viewer (claim, unlock
 * proof bound to this resource, session) and decides (rules 1–10). `resource` skips the lookup
 * when the caller already holds the row; `anonymous` (no wallet, session, proof or payment) lets the
 * lookup come from the read cache where the adapter says how (`cacheKey`).
 */
export async function loadAccess<R extends { id: string }>(
  adapter: AccessAdapter<R, unknown>,
  { key, resource, purpose, now = new Date(), audience = "humans", anonymous = false, ...input }: ViewerInput & { key: string; resource?: R | null; purpose: AccessPurpose; now?: Date; anonymous?: boolean },
): Promise<AccessContext<R>> {
  const cacheKey = anonymous ? adapter.cacheKey?.(key) : undefined;
  const found = resource !== undefined ? resource : cacheKey ? await cachedValue(cacheKey, () => adapter.find(key), "rows") : await adapter.find(key);
  // A pass's unlock proof proves its wallet on every resource the pass covers.
  const passProofs = found ? (adapter.passScopes?.(found) ?? []).map(passProofId) : [];
  const viewer = viewerOf({ proofId: found ? adapter.proofId(found) : null, passProofIds: passProofs, ...input, now });
  return decideFor(adapter, { resource: found, viewer, purpose, now, audience });
}
