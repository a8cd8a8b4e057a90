import "server-only";
import { stringToBytes, type Address } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { isPostgres, type Tx } from "@/lib/db";
import { env } from "@/lib/env";

const DAY_MS = 86_400_000;

/**
 * Adds one purchase to `wallet`'s pass of `scope`, in the payment's transaction (so it happens exactly
 * once per recorded payment: a replay records nothing and extends nothing). An active pass is
 * extended from its end; a lapsed or new one starts at `now`. Concurrent purchases of one pass are
 * serialised (PostgreSQL: a transaction-scoped advisory lock on the pass; SQLite runs one transaction
 * at a time), so two payments always add two periods.
 */
export async function extendPass(tx: Tx, { scope, siteId, wallet, paymentId, amountAtomic, durationDays, now }: {
  scope: string;
  siteId: string;
  wallet: Address;
  paymentId: string;
  amountAtomic: bigint;
  durationDays: number;
  now: Date;
}) {
  const network = env.NETWORK_MODE;
  if (isPostgres()) {
    const key = BigInt.asIntN(64, BigInt(keccak256(stringToBytes(`pass:${network}:${scope}:${wallet.toLowerCase()}`)).slice(0, 18)));
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
  }
  const held = await tx.pass.findUnique({ where: { network_scope_wallet: { network, scope, wallet } } });
  const running = !!held && held.endsAt.getTime() > now.getTime();
  const startsAt = running ? held.endsAt : now;
  const endsAt = new Date(startsAt.getTime() + durationDays * DAY_MS);
  const pass = held
    ? await tx.pass.update({ where: { id: held.id }, data: { endsAt, ...(running ? {} : { startsAt: now }) } })
    : await tx.pass.create({ data: { network, scope, siteId, wallet, startsAt: now, endsAt } });
  await tx.passPurchase.create({ data: { network, passId: pass.id, scope, siteId, wallet, paymentId, amountAtomic, startsAt, endsAt } });
  return pass;
}
