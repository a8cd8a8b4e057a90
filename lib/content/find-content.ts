import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/** A tracked content item of this network by hub id or by the site's externalId; 404 otherwise. */
export async function findContent(idOrExternalId: string, client: DbOrTx = db) {
  const network = env.NETWORK_MODE;
  const byId = await client.content.findFirst({ where: { id: idOrExternalId, network } });
  const content = byId ?? (await client.content.findFirst({ where: { externalId: idOrExternalId, network }, orderBy: { createdAt: "asc" } }));
  if (!content) throw new ApiError("not-found", `No content ${idOrExternalId} on this ${network} hub`);
  return content;
}
