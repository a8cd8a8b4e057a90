import type { z } from "zod";
import type { FacilitatorKey } from "@/lib/generated/sqlite/client";
import { facilitatorKeyView } from "@/lib/schemas/facilitator";

/** A key as lists show it: never its hash. */
export function toFacilitatorKeyView(row: FacilitatorKey): z.infer<typeof facilitatorKeyView> {
  return facilitatorKeyView.parse({
    id: row.id,
    prefix: row.prefix,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  });
}
