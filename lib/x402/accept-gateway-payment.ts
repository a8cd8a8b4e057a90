import "server-only";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { formatUsdc, splitFee } from "@/lib/money";
import type { CheckedAuthorization } from "./check-authorization";
import { countIndexedSale, depositIndexOn, gatewayPayerState, type GatewayPayerState, IndexUndecided, indexedSaleCheck } from "./gateway-index/gateway-payer-state";
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
 * on its own: a payment it finds short is decided again on chain. One transaction locks the amount
 * (Payment status locked) and writes the receipt, counters, metrics and ledger row; the batch settler
 * settles it later. Without a caller's state the index is asked inside that transaction
 * (indexedSaleCheck) rather than read before it, so nothing of the payer is read before the sale. The
 * deposit check runs under a per-payer lock, so concurrent payments of one payer cannot overspend; a
 * replay of the same authorization returns the first result.
 */
export async function acceptGatewayPayment({
  resource,
  checked,
  actor,
  onRecorded,
  state: known,
  prepare,
  existingRule,
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
  /** Judges a payment already held for this nonce before it is replayed: throws to refuse it (acceptPaymentPayload's). */
  existingRule?: (existing: StoredPayment, resource: PaidResource) => void;
}): Promise<PaymentOutcome> {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const { authorization: auth, signature } = checked;
  // The resource the Payment row names: `prepare`'s, once it has run (a twin that lost the race is compared with it).
  let recorded = resource;
  const replay = (existing: StoredPayment) => {
    existingRule?.(existing, recorded);
    return replayPayment({ existing, resource: recorded, signature }) ?? pendingImpossible();
  };

  if (!known && depositIndexOn()) {
    // The deposit index decides in the sale's own batch, under the payer's lock: nothing is read before
    // it. A replay fails on the Payment row's unique key and is answered from the first payment, before
    // the chain is asked anything (below). When the index cannot decide, nothing was written.
    try {
      const outcome = await lockAndRecord(indexedSaleCheck(auth));
      if (!outcome.replayed) countIndexedSale();
      return outcome;
    } catch (err) {
      if (!(err instanceof IndexUndecided)) throw err;
    }
  }
  if (!known) {
    // A replay is answered before the chain is asked anything, so it gets its paid answer while the chain does not answer.
    const existing = await paymentByNonce({ chainId, payer: auth.from, nonce: auth.nonce });
    if (existing) return replay(existing);
    return await lockAndRecord(stateCheck(await gatewayPayerState(auth, { chain: true })));
  }
  try {
    return await lockAndRecord(stateCheck(known));
  } catch (err) {
    // The index may not have seen a deposit made a moment ago: the chain decides a refusal.
    if (known.source === "index" && err instanceof PaymentRejected && err.reason === "insufficient_funds") {
      return await lockAndRecord(stateCheck(await gatewayPayerState(auth, { chain: true })));
    }
    throw err;
  }

  /** The sale's deposit check from a payer state read before it: what the payer's locked payments owe, this one included, against the deposit. */
  function stateCheck({ used, balance, readAt }: GatewayPayerState): OrderedStatement {
    if (used) throw new PaymentRejected("nonce_used", "The Gateway Wallet has already settled an authorization with this nonce");
    return {
      check: lockedGatewayAmountQuery({ chainId, payer: auth.from, balanceReadAt: readAt }),
      atMost: balance.spendable,
      fail: (owed: bigint) =>
        new PaymentRejected(
          "insufficient_funds",
          `The Gateway deposit of ${auth.from} covers ${formatUsdc(balance.spendable)} USDC, ${formatUsdc(owed - auth.value)} of it already locked by earlier payments; ${formatUsdc(auth.value)} USDC needed`,
        ),
    };
  }

  async function lockAndRecord(depositCheck: OrderedStatement): Promise<PaymentOutcome> {
    const { fee } = splitFee(auth.value, resource.feeBps);
    const authorization = JSON.stringify({ ...checked.requirement, authorization: stringify(auth) });
    // The sale's statements, in one ordered batch with its records (on PostgreSQL one round trip): the
    // payer's lock, then the Payment row, then the check of a kept row the resource was priced from (when
    // it was: lib/content/kept-sale-rows.ts), then the deposit check. Insert before the checks: a
    // concurrent copy of this authorization fails on the unique key (and is answered as a replay below)
    // instead of being refused for the amount its twin just locked.
    const sale = (sold: PaidResource, lock: OrderedStatement[]) => {
      const payment = paymentRow(newPayment({ rail: "gateway", status: "locked", resource: sold, checked, chainId, fee, authorization }));
      const first: OrderedStatement[] = [...lock, { sql: paymentStatement(payment) }, ...(resource.keptCheck ? [resource.keptCheck] : []), depositCheck];
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
