import type { FileHandle } from "node:fs/promises";
import type { BlobHandle } from "./blob-store";

// One read buffer per pass over a file: 30 reads for a 30 MB file, 1 MiB of memory per reader.
const READ_BYTES = 1024 * 1024;

/** A BlobHandle over an open file of `size` bytes; reads are positioned, so passes never disturb each other. */
export function fileBlobHandle(fh: FileHandle, size: number, name: string, version: string): BlobHandle {
  let closed = false;
  return {
    size,
    version,
    async *read({ start, end } = { start: 0, end: size - 1 }) {
      const buf = Buffer.allocUnsafe(Math.min(READ_BYTES, Math.max(1, end - start + 1)));
      for (let pos = start; pos <= end; ) {
        const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - pos + 1), pos);
        if (bytesRead === 0) throw new Error(`blob ${name} ended at ${pos}, before byte ${end}`);
        pos += bytesRead;
        yield buf.subarray(0, bytesRead);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await fh.close();
    },
  };
}
