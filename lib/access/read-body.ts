import "server-only";
import { readBlob } from "./read-blob";

/** The decrypted body of a gated resource (a share, a blog post) as UTF-8 text. */
export async function readBody({ resource }: { resource: { bodyStorageRef: string | null; bodyWrappedKey: string | null } }): Promise<string> {
  const plain = await readBlob({ storageRef: resource.bodyStorageRef, wrappedKey: resource.bodyWrappedKey, what: "body" });
  return plain.toString("utf8");
}
