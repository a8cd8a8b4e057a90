import "server-only";
import type { Address, Hex } from "viem";
import { publicClient } from "@/lib/chain/clients";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { finalizeRelease } from "./finalize-release";

/**
 * Settles tips a previous claim left 'releasing' (it crashed, or its receipt did not arrive in time).
 * Call only while holding the domain's lock, so no live claim owns these rows. A release tx that was
 * mined successfully finalizes its rows; one that reverted or never reached the chain returns them to
 * held; one still pending answers 409 (retry shortly).
 */
export async function reconcileBox(opts: { domain: string; factory: Address; box: Address }) {
  const stuck = await db.tip.findMany({
    where: { network: env.NETWORK_MODE, domain: opts.domain, status: "releasing" },
    select: { id: true, releaseTx: true },
  });
  if (!stuck.length) return;
  const byTx = new Map<string | null, string[]>();
  for (const row of stuck) byTx.set(row.releaseTx, [...(byTx.get(row.releaseTx) ?? []), row.id]);

  for (const [hash, ids] of byTx) {
    const outcome = hash ? await txOutcome(hash as Hex) : "absent";
    if (outcome === "pending") throw new ApiError("conflict", `Release ${hash} for ${opts.domain} is still pending on chain; retry shortly`);
    if (outcome === "absent" || outcome === "reverted") {
      await db.tip.updateMany({ where: { id: { in: ids }, status: "releasing" }, data: { status: "held", releaseTx: null } });
      continue;
    }
    await finalizeRelease({ tipIds: ids, receipt: outcome, factory: opts.factory, box: opts.box });
  }
}

async function txOutcome(hash: Hex) {
  const client = publicClient();
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (receipt) return receipt.status === "success" ? receipt : ("reverted" as const);
  const tx = await client.getTransaction({ hash }).catch(() => null);
  return tx ? ("pending" as const) : ("absent" as const);
}
