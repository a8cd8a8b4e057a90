import "server-only";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { formatUsdc, splitFee } from "@/lib/money";
import type { CheckedAuthorization } from "./check-authorization";
import { gatewayPayerState, type GatewayPayerState, indexedStateAndPayment } from "./gateway-index/gateway-payer-state";
import { newPayment, paymentRow, paymentStatement } from "./insert-payment";
import { isUniqueViolation } from "./is-unique-violation";
import { lockPayer, payerLock } from "./lock-payer";
import { lockedGatewayAmountQuery } from "./locked-gateway-amount";
import { paidOutcome } from "./paid-outcome";
import { paymentByNonce } from "./payment-by-nonce";
import { PaymentRejected } from "./payment-rejected";
import { recordPaidUnlock } from "./record-paid-unlock";
import { replayPayment, type StoredPayment } from "./replay-payment";
import type { OnRecorded, PaidResource, PaymentOutcome, PrepareResource } from "./types";

/**
 * Gateway rail, after checkAuthorization: the nonce is new (here and on chain) and the payer's
 * Gateway deposit minus what is already locked covers the price. Nonce and deposit come from the
 * deposit index when it is current, else from the chain (gatewayPayerState); the index never refuses
 * on its own: a payment it finds short is decided again on chain. Then one transaction locks the
 * amount (Payment status locked) and writes the receipt, counters, metrics and ledger row; the batch
 * settler settles it later. The deposit check runs under a per-payer lock, so concurrent payments of
 * one payer cannot overspend; a replay of the same authorization returns the first result.
 */
export async function acceptGatewayPayment({
  resource,
  checked,
  actor,
  onRecorded,
  state: known,
  prepare,
}: {
  resource: PaidResource;
  checked: CheckedAuthorization;
  actor?: string | null;
  onRecorded?: OnRecorded;
  /**
   * The payer's state as the caller's checkPaymentState just read it, which also found no payment with
   * this nonce: neither is read again (a concurrent twin still loses on the unique key, below).
   */
  state?: GatewayPayerState;
  prepare?: PrepareResource;
}): Promise<PaymentOutcome> {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const { authorization: auth, signature } = checked;
  // The resource the Payment row names: `prepare`'s, once it has run (a twin that lost the race is compared with it).
  let recorded = resource;
  const replay = (existing: StoredPayment) => replayPayment({ existing, resource: recorded, signature }) ?? pendingImpossible();

  let state = known;
  if (!state) {
    // The deposit index's read also says whether this nonce has a payment here: a new authorization,
    // the common case, costs one read. A replay is answered before the chain is asked anything, so it
    // gets its paid answer while the chain does not answer.
    const { indexed, existing } = await indexedStateAndPayment(auth);
    if (existing) return replay(existing);
    state = indexed ?? (await gatewayPayerState(auth, { chain: true }));
  }
  try {
    return await lockAndRecord(state);
  } catch (err) {
    // The index may not have seen a deposit made a moment ago: the chain decides a refusal.
    if (state.source === "index" && err instanceof PaymentRejected && err.reason === "insufficient_funds") {
      return await lockAndRecord(await gatewayPayerState(auth, { chain: true }));
    }
    throw err;
  }

  async function lockAndRecord({ used, balance, readAt }: GatewayPayerState): Promise<PaymentOutcome> {
    if (used) throw new PaymentRejected("nonce_used", "The Gateway Wallet has already settled an authorization with this nonce");
    const { fee } = splitFee(auth.value, resource.feeBps);
    const authorization = JSON.stringify({ ...checked.requirement, authorization: stringify(auth) });
    // The sale's statements, in one ordered batch with its records (on PostgreSQL one round trip): the
    // payer's lock, then the Payment row, then the deposit check. Insert before the check: a concurrent
    // copy of this authorization fails on the unique key (and is answered as a replay below) instead of
    // being refused for the amount its twin just locked.
    const sale = (sold: PaidResource, lock: OrderedStatement[]) => {
      const payment = paymentRow(newPayment({ rail: "gateway", status: "locked", resource: sold, checked, chainId, fee, authorization }));
      const first: OrderedStatement[] = [
        ...lock,
        { sql: paymentStatement(payment) },
        {
          // What the payer's locked payments owe, this one included, against the deposit.
          check: lockedGatewayAmountQuery({ chainId, payer: auth.from, balanceReadAt: readAt }),
          atMost: balance.spendable,
          fail: (owed: bigint) =>
            new PaymentRejected(
              "insufficient_funds",
              `The Gateway deposit of ${auth.from} covers ${formatUsdc(balance.spendable)} USDC, ${formatUsdc(owed - auth.value)} of it already locked by earlier payments; ${formatUsdc(auth.value)} USDC needed`,
            ),
        },
      ];
      return { payment, first };
    };
    try {
      if (!prepare && !onRecorded) {
        // Nothing of the caller's to write: the sale is one atomic batch of its own (on PostgreSQL one
        // statement, no BEGIN or COMMIT), its lock held to its end.
        const { payment, first } = sale(resource, payerLock(auth.from));
        return paidOutcome(payment, await recordPaidUnlock(null, { payment, resource, actor, first }), false);
      }
      return await db.$transaction(async (tx) => {
        // With `prepare`, the payer's lock is taken before it runs.
        let lock: OrderedStatement[] = [];
        if (prepare) {
          await lockPayer(tx, auth.from);
          recorded = await prepare(tx);
        } else lock = payerLock(auth.from);
        const { payment, first } = sale(recorded, lock);
        return paidOutcome(payment, await recordPaidUnlock(tx, { payment, resource: recorded, actor, onRecorded, first }), false);
      });
    } catch (err) {
      // PostgreSQL: a concurrent insert of the same authorization lost the unique race; answer as a replay.
      if (!isUniqueViolation(err)) throw err;
      const winner = await paymentByNonce({ chainId, payer: auth.from, nonce: auth.nonce });
      if (!winner) throw err;
      return replay(winner);
    }
  }
}

function stringify(a: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
}

function pendingImpossible(): never {
  // Gateway payments are locked or later states, never pending: a pending row with this key is a plain EIP-3009 one.
  throw new PaymentRejected("nonce_used", "This authorization nonce is already being settled as a plain EIP-3009 payment");
}
