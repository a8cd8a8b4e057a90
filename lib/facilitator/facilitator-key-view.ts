import type { z } from "zod";
import type { FacilitatorKey } from "@/lib/generated/sqlite/client";
import type { facilitatorKeyView } from "@/lib/schemas/facilitator";

/** A key as lists show it, field by field: never its hash (the route's answer check sees any drift). */
export function toFacilitatorKeyView(row: FacilitatorKey): z.input<typeof facilitatorKeyView> {
  return {
    id: row.id,
    prefix: row.prefix,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
