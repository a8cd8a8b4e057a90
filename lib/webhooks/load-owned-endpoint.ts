import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/** An endpoint the wallet registered, with its site's domain, or 404 (someone else's is not found either). */
export async function loadOwnedEndpoint({ endpointId, wallet }: { endpointId: string; wallet: string }) {
  const row = await db.webhookEndpoint.findFirst({ where: { id: endpointId, ownerWallet: wallet } });
  if (!row) throw new ApiError("not-found", `No webhook endpoint ${endpointId} registered by ${wallet}`);
  const site = row.siteId ? await db.site.findUnique({ where: { id: row.siteId }, select: { domain: true } }) : null;
  return { row, domain: site?.domain ?? null };
}
