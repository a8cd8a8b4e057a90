import { lruMemo } from "@/lib/lru-memo";

// Headers of segmented blobs whose size was authenticated (lib/access/read-blob.ts), so the next
// request for the same stored version skips reading the header and the last segment again. Only the
// 49 public header bytes are kept, never a key. An entry is bound to the blob's key (its wrapped form)
// and to the store's version of the blob (lib/storage/blob-store.ts, BlobHandle.version): a replaced,
// truncated or rewritten blob has another version and is checked afresh.

const MAX_ENTRIES = 4096;

type Entry = { version: string; header: Buffer };

const entries = lruMemo<Entry>(MAX_ENTRIES);

const keyOf = (storageRef: string, wrappedKey: string) => `${storageRef}\n${wrappedKey}`;

/** The header remembered for this blob, key and stored version, or undefined. */
export function verifiedHeader({ storageRef, wrappedKey, version }: { storageRef: string; wrappedKey: string; version: string | undefined }): Buffer | undefined {
  if (version === undefined) return undefined;
  const key = keyOf(storageRef, wrappedKey);
  const entry = entries.peek(key);
  if (entry?.version === version) return entry.header;
  if (entry) entries.delete(key);
  return undefined;
}

/** The stored version whose header is remembered for this blob and key (lets a store skip its open, BlobStore.open's `seen`), or undefined. */
export function verifiedVersion({ storageRef, wrappedKey }: { storageRef: string; wrappedKey: string }): string | undefined {
  return entries.peek(keyOf(storageRef, wrappedKey))?.version;
}

/** Forgets the header remembered for this blob and key (its version is no longer the stored one). */
export function forgetVerifiedHeader({ storageRef, wrappedKey }: { storageRef: string; wrappedKey: string }): void {
  entries.delete(keyOf(storageRef, wrappedKey));
}

/** Remembers a header once the blob's last segment opened under it (its stored length is the written one). */
export function rememberVerifiedHeader({ storageRef, wrappedKey, version, header }: { storageRef: string; wrappedKey: string; version: string | undefined; header: Uint8Array }): void {
  if (version === undefined) return;
  entries.set(keyOf(storageRef, wrappedKey), { version, header: Buffer.from(header) });
}

/** Forgets every remembered header (tests). */
export function clearVerifiedHeaders(): void {
  entries.clear();
}
