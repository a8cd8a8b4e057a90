/** The status a reader sees: an active share past expiresAt reads as expired. */
export function shareStatus(share: { status: string; expiresAt: Date }, now = new Date()): "active" | "expired" | "revoked" | "draft" {
  if (share.status === "revoked") return "revoked";
  if (share.status === "draft") return "draft";
  return now.getTime() >= share.expiresAt.getTime() ? "expired" : "active";
}
