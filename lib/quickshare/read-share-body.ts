import "server-only";
import { readBlob } from "./read-blob";

/** The decrypted body of a share as UTF-8 text. */
export async function readShareBody({ share }: { share: { bodyStorageRef: string | null; bodyWrappedKey: string | null } }): Promise<string> {
  const plain = await readBlob({ storageRef: share.bodyStorageRef, wrappedKey: share.bodyWrappedKey, what: "body" });
  return plain.toString("utf8");
}
