import "server-only";
import { cuid } from "@/lib/crypto/cuid";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma, type Payment } from "@/lib/generated/sqlite/client";
import type { CheckedAuthorization } from "./check-authorization";
import type { PaidResource, Rail } from "./types";

export type NewPayment = Pick<
  Payment,
  | "network"
  | "chainId"
  | "rail"
  | "status"
  | "resourceType"
  | "resourceId"
  | "siteId"
  | "payer"
  | "payTo"
  | "recipient"
  | "amountAtomic"
  | "feeAtomic"
  | "nonce"
  | "validAfter"
  | "validBefore"
  | "signature"
  | "authorization"
>;

/**
 * The new Payment row of an accepted authorization, whichever rail takes it: the resource it pays for,
 * the authorization's terms and signature, the fee, and what the rail keeps in `authorization`.
 */
export function newPayment({ rail, status, resource, checked, chainId, fee, authorization }: {
  rail: Rail;
  status: string;
  resource: PaidResource;
  checked: Pick<CheckedAuthorization, "authorization" | "signature">;
  chainId: number;
  fee: bigint;
  authorization: string;
}): NewPayment {
  const { authorization: auth, signature } = checked;
  return {
    network: env.NETWORK_MODE,
    chainId,
    rail,
    status,
    resourceType: resource.kind,
    resourceId: resource.id,
    siteId: resource.siteId ?? null,
    payer: auth.from,
    payTo: auth.to,
    recipient: resource.recipient,
    amountAtomic: auth.value,
    feeAtomic: fee,
    nonce: auth.nonce,
    validAfter: auth.validAfter,
    validBefore: auth.validBefore,
    signature,
    authorization,
  };
}

/**
 * Inserts a Payment row with one raw statement and returns the row as Prisma would have: on the paid
 * unlock's hot path a Prisma `create` costs several times the statement's own work in CPU (its query
 * compiler and interpreter; bench/README.md, issue 38). The id is a cuid, as the schema's
 * `@default(cuid())`; createdAt and updatedAt are now. A duplicate (chainId, payer, nonce) throws a
 * unique violation (isUniqueViolation), as the model write did.
 */
export async function insertPayment(tx: Tx, data: NewPayment): Promise<Payment> {
  const row = paymentRow(data);
  await tx.$executeRaw(paymentStatement(row));
  return row;
}

/** The Payment row insertPayment writes, as Prisma would return it. */
export function paymentRow(data: NewPayment): Payment {
  const now = new Date();
  return { id: cuid(), ...data, txHash: null, batchId: null, error: null, createdAt: now, updatedAt: now, settledAt: null };
}

/** insertPayment's statement for `row`, for a caller that runs it in its own ordered batch (lib/db-one-trip.ts). */
export function paymentStatement(row: Payment): Prisma.Sql {
  return Prisma.sql`INSERT INTO "Payment" ("id", "network", "chainId", "rail", "status", "resourceType", "resourceId", "siteId", "payer", "payTo", "recipient",
    "amountAtomic", "feeAtomic", "nonce", "validAfter", "validBefore", "signature", "authorization", "createdAt", "updatedAt")
    VALUES (${row.id}, ${row.network}, ${row.chainId}, ${row.rail}, ${row.status}, ${row.resourceType}, ${row.resourceId}, ${row.siteId}, ${row.payer}, ${row.payTo}, ${row.recipient},
    ${row.amountAtomic}, ${row.feeAtomic}, ${row.nonce}, ${row.validAfter}, ${row.validBefore}, ${row.signature}, ${row.authorization}, ${row.createdAt}, ${row.updatedAt})`;
}
