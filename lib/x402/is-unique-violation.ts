/**
 * True for a unique-constraint violation, e.g. a concurrent insert of the same payment: Prisma's P2002
 * from a model write, or P2010 ("raw query failed") from a raw statement, whose driver error names the
 * kind (the money path inserts its rows raw: lib/x402/insert-payment.ts).
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, meta } = err as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
  if (code === "P2002") return true;
  return code === "P2010" && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation";
}
