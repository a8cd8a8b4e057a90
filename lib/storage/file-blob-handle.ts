import { randomBytes } from "node:crypto";
import { type FileHandle, open, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BlobHandle } from "./blob-store";

// One read buffer per pass over a file: 30 reads for a 30 MB file, 1 MiB of memory per reader.
const READ_BYTES = 1024 * 1024;

/** A BlobHandle over an open file of `size` bytes; reads are positioned, so passes never disturb each other. */
export function fileBlobHandle(fh: FileHandle, size: number, name: string): BlobHandle {
  let closed = false;
  return {
    size,
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

/**
 * Copies a remote blob's body into an anonymous temporary file (created and unlinked at once, so it
 * vanishes with its handle, even if the process dies) and returns a handle on that copy: every pass
 * reads exactly the bytes fetched once, with a read buffer's worth of memory.
 */
export async function spoolToTempFile(body: ReadableStream<Uint8Array>, size: number, name: string): Promise<BlobHandle> {
  const tmp = path.join(os.tmpdir(), `hub-blob-${randomBytes(8).toString("hex")}`);
  const fh = await open(tmp, "wx+", 0o600).catch(async (err: unknown) => {
    await body.cancel().catch(() => {}); // no file to write to: free the connection
    throw err;
  });
  const reader = body.getReader();
  try {
    await unlink(tmp);
    let pos = 0;
    // The network hands out small chunks; they are written a read buffer at a time.
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      for (let off = 0; off < data.length; ) {
        const { bytesWritten } = await fh.write(data, off, data.length - off, pos);
        off += bytesWritten;
        pos += bytesWritten;
      }
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      pendingBytes += value.byteLength;
      if (pendingBytes >= READ_BYTES) await flush();
    }
    if (pendingBytes) await flush();
    if (pos !== size) throw new Error(`blob ${name}: received ${pos} bytes of ${size}`);
    return fileBlobHandle(fh, size, name);
  } catch (err) {
    await reader.cancel().catch(() => {});
    await fh.close();
    throw err;
  }
}
