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
  /** Deletes the blob; deleting a missing blob is not an error. */
  delete(ref: string): Promise<void>;
  exists(ref: string): Promise<boolean>;
};

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
