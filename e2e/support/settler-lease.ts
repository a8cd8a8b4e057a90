import { SETTLER_LOCK, settleGatewayBatch } from "../../lib/x402/settle-gateway-batch";
import { eventually, hubDb, settlerIdle } from "./x402";

/**
 * Takes the Gateway settler's lease for `holder` until `until` (the hub's settler stops at its next
 * check of the lease) and leaves no batch open behind it. A batch the hub's settler left open is
 * finished only by the lease's holder, and one left pending (the chain stopped answering while it was
 * sent) only once it is 60 s old: so after a few seconds for a pass in flight to end, the new holder
 * reconciles what is still open from the chain, as the hub's settler would have.
 */
export async function holdSettlerLease(holder: string, until = new Date(Date.now() + 10 * 60_000)): Promise<void> {
  const db = hubDb();
  await db.leaderLock.upsert({ where: { name: SETTLER_LOCK }, create: { name: SETTLER_LOCK, holder, expiresAt: until }, update: { holder, expiresAt: until } });
  const inFlightUntil = Date.now() + 5_000;
  await eventually(
    async () => {
      if (await settlerIdle()) return true;
      if (Date.now() > inFlightUntil) await settleGatewayBatch({ holder, staleMs: 5_000, batchSize: 0 });
      return false;
    },
    { timeoutMs: 30_000, what: "the settler's open batches to be finished" },
  );
}

/** Gives the settler's lease back (the hub's settler takes it at its next pass). */
export function releaseSettlerLease() {
  return hubDb().leaderLock.update({ where: { name: SETTLER_LOCK }, data: { expiresAt: new Date(0) } });
}
