/**
 * The key a resource's entitlements and whitelist are stored under (Entitlement.resourceKey,
 * AccessListEntry.resourceKey): "qs:<share id>", "post:<blog post id>". Adapters answer it as
 * their entitlementKey; code without an adapter at hand (a peer sync, the identity export) calls it too.
 */
export function resourceKey(kind: "share" | "post", id: string): string {
  return `${kind === "share" ? "qs" : "post"}:${id}`;
}
