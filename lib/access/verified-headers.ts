// Headers of segmented blobs whose size was authenticated (lib/access/read-blob.ts), so the next
// request for the same stored version skips reading the header and the last segment again. Only the
// 49 public header bytes are kept, never a key. An entry is bound to the blob's key (its wrapped form)
// and to the store's version of the blob (lib/storage/blob-store.ts, BlobHandle.version): a replaced,
// truncated or rewritten blob has another version and is checked afresh.

const MAX_ENTRIES = 4096;

type Entry = { version: string; header: Buffer };

const entries = new Map<string, Entry>();

const keyOf = (storageRef: string, wrappedKey: string) => `${storageRef}\n${wrappedKey}`;

/** The header remembered for this blob, key and stored version, or undefined. */
export function verifiedHeader({ storageRef, wrappedKey, version }: { storageRef: string; wrappedKey: string; version: string | undefined }): Buffer | undefined {
  if (version === undefined) return undefined;
  const key = keyOf(storageRef, wrappedKey);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.version !== version) {
    entries.delete(key);
    return undefined;
  }
  // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
  entries.delete(key);
  entries.set(key, entry);
  return entry.header;
}

/** Remembers a header once the blob's last segment opened under it (its stored length is the written one). */
export function rememberVerifiedHeader({ storageRef, wrappedKey, version, header }: { storageRef: string; wrappedKey: string; version: string | undefined; header: Uint8Array }): void {
  if (version === undefined) return;
  const key = keyOf(storageRef, wrappedKey);
  entries.delete(key);
  entries.set(key, { version, header: Buffer.from(header) });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** Forgets every remembered header (tests). */
export function clearVerifiedHeaders(): void {
  entries.clear();
}
