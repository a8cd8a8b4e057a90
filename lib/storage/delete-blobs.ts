import "server-only";
import { logger } from "@/lib/log/logger";
import { getBlobStore } from "./get-blob-store";

/**
 * Deletes blobs whose rows are already gone (call it after the transaction that removed them
 * commits): a failed delete is logged and leaves an orphan nobody can read (its key row is gone),
 * never a live row without its blob. Duplicates and nulls are skipped.
 */
export async function deleteBlobs(refs: (string | null | undefined)[], what: string): Promise<void> {
  const store = getBlobStore();
  const unique = [...new Set(refs.filter((r): r is string => !!r))];
  await Promise.all(unique.map((ref) => store.delete(ref).catch((err) => logger().error({ err, ref }, `could not delete a blob of ${what}`))));
}
