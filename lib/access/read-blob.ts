import "server-only";
import { BlobIntegrityError } from "@/lib/crypto/aes-gcm";
import { decryptBlob } from "@/lib/crypto/decrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { ApiError } from "@/lib/http/errors";
import { getBlobStore } from "@/lib/storage/get-blob-store";

/**
 * Fetches and decrypts one stored blob. A missing blob, or one that fails its tag check, is a
 * server-side fault (500) and yields no plaintext.
 */
export async function readBlob({ storageRef, wrappedKey, what }: { storageRef: string | null; wrappedKey: string | null; what: string }): Promise<Buffer> {
  if (!storageRef || !wrappedKey) throw new ApiError("internal", `The stored ${what} is missing`);
  const blob = await getBlobStore().get(storageRef);
  if (!blob) throw new ApiError("internal", `The stored ${what} is missing`);
  try {
    return decryptBlob({ blob, wrappedKey, masterKey: masterKey() });
  } catch (err) {
    if (err instanceof BlobIntegrityError) {
      console.error(`[access] ${what} ${storageRef} failed its integrity check: ${err.message}`);
      throw new ApiError("internal", `The stored ${what} failed its integrity check`);
    }
    throw err;
  }
}
