import { randomBytes } from "node:crypto";

/**
 * Where encrypted blobs live. Refs are opaque to callers ("qs/<32 hex>", "media/<32 hex>",
 * "preview/<32 hex>"); stores never see plaintext except the public previews.
 */
export type BlobStore = {
  readonly kind: "local" | "s3";
  put(ref: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** The blob's bytes, or null when it does not exist. */
  get(ref: string): Promise<Buffer | null>;
  /**
   * Opens the blob for reading in parts, or null when it does not exist (see BlobHandle). `seen`: a
   * version of this blob the caller opened before (BlobHandle.version). A store whose open costs a
   * round trip (S3) may take it on trust and return a handle of that version without asking the store;
   * that handle's reads then fail with BlobChangedError if the blob is now another version or gone. A
   * store that opens cheaply (local files) ignores it and opens as usual.
   */
  open(ref: string, seen?: { version: string }): Promise<BlobHandle | null>;
  /** Deletes the blob; deleting a missing blob is not an error. */
  delete(ref: string): Promise<void>;
  exists(ref: string): Promise<boolean>;
};

/**
 * One stored version of a blob, read in parts without holding it in memory: every `read` of one
 * handle sees the version opened, or fails, never a mix, even if the blob is replaced meanwhile (a
 * local file stays open and reads are positioned; an S3 object is read by ranged GETs pinned to the
 * ETag open() saw). Each chunk may be reused by the next read, so a consumer must be done with it
 * before asking for the next. `close` ends the handle (idempotent).
 */
export type BlobHandle = {
  readonly size: number;
  /**
   * Names this stored version: another version of the blob (replaced, rewritten in place, truncated)
   * has another value (a local file: device, inode, size, modification and change times in ns; an S3
   * object: its ETag and size; absent when the store cannot tell). Lets a reader keep what it verified of a version (lib/access/verified-headers.ts).
   */
  readonly version?: string;
  /** Bytes start..end inclusive (default: the whole blob), in chunks. */
  read(range?: { start: number; end: number }): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
};

/** A read of a handle whose stored version was replaced or removed since it was opened: no byte of another version is served. */
export class BlobChangedError extends Error {
  constructor(ref: string) {
    super(`blob ${ref}: the object changed since it was opened`);
    this.name = "BlobChangedError";
  }
}

export type BlobRefKind = "qs" | "media" | "preview";

const REF = /^(qs|media|preview)\/[0-9a-f]{32}$/;

/** A fresh random storage reference. */
export function newStorageRef(kind: BlobRefKind): string {
  return `${kind}/${randomBytes(16).toString("hex")}`;
}

/** Refs come from our own database, but a store still refuses anything that could escape its root. */
export function assertStorageRef(ref: string): string {
  if (!REF.test(ref)) throw new Error(`invalid storage reference: ${JSON.stringify(ref)}`);
  return ref;
}
