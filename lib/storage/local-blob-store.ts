import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageRef, type BlobStore } from "./blob-store";
import { fileBlobHandle } from "./file-blob-handle";

/** Blobs as files under `root` (DATA_DIR/blobs by default); writes are atomic (temp file + rename). */
export function createLocalBlobStore(root: string): BlobStore {
  const file = (ref: string) => path.join(root, assertStorageRef(ref));
  return {
    kind: "local",
    async put(ref, data) {
      const target = file(ref);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, target);
    },
    async get(ref) {
      try {
        return await readFile(file(ref));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async open(ref) {
      let handle;
      try {
        handle = await open(file(ref), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      // The open handle keeps this version: put() replaces the file by rename, never in place. The
      // change time moves on any write to the file (no call can set it), so a rewrite is a new version.
      const st = await handle.stat({ bigint: true });
      return fileBlobHandle(handle, Number(st.size), ref, `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`);
    },
    async delete(ref) {
      await rm(file(ref), { force: true });
    },
    async exists(ref) {
      try {
        return (await stat(file(ref))).isFile();
      } catch {
        return false;
      }
    },
  };
}
