/** The status a reader sees: an active share past expiresAt reads as expired. */
export function shareStatus(share: { status: string; expiresAt: Date }, now = new Date()): "active" | "expired" | "revoked" | "draft" {
  if (share.status === "revoked") return "revoked";
  if (share.status === "draft") return "draft";
  return now.getTime() >= share.expiresAt.getTime() ? "expired" : "active";
}

const READER_WORDS: Record<ReturnType<typeof shareStatus>, string> = { active: "available", expired: "expired", revoked: "withdrawn", draft: "not published" };

/** What a status means to a reader (the owner's "active" is "available" to them). */
export function readerStatusLabel(status: ReturnType<typeof shareStatus>): string {
  return READER_WORDS[status];
}
