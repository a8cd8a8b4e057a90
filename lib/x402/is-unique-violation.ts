/** True for a unique-constraint violation (Prisma P2002), e.g. a concurrent insert of the same payment. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002";
}
