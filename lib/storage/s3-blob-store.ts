import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { bytesBody } from "@/lib/http/bytes-body";
import { discardBody } from "@/lib/http/discard-body";
import { assertStorageRef, BlobChangedError, type BlobHandle, type BlobStore } from "./blob-store";

export type S3Config = {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. "hub/". */
  prefix?: string;
  /** true: endpoint/bucket/key (MinIO and most self-hosted stores); false: bucket.endpoint/key. */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
};

const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const EMPTY_SHA256 = sha256Hex("");

// open() fetches the first bytes at once: one request learns the size and version, holds a
// segmented blob's header and first segment (lib/crypto/stream-blob.ts), and all of a small blob.
const PROBE_BYTES = 128 * 1024;

// A handle's version is "<ETag>:<size>": open(ref, { version }) reads both back without a request.
const versionOf = (etag: string | null, size: number) => (etag ? `${etag}:${size}` : undefined);
const SEEN_VERSION = /^(".+"):(\d+)$/;

/**
 * An S3-compatible bucket over fetch. Every request is signed (AWS Signature Version 4) by aws4fetch,
 * a maintained client; the payload's SHA-256 is part of the signature, so the store refuses a body
 * altered in transit.
 */
export function createS3BlobStore(cfg: S3Config): BlobStore {
  const doFetch = cfg.fetch ?? fetch;
  const aws = new AwsClient({ accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, region: cfg.region, service: "s3" });

  function objectUrl(ref: string): URL {
    const key = `${cfg.prefix ?? ""}${assertStorageRef(ref)}`;
    const base = new URL(cfg.endpoint);
    const basePath = base.pathname.replace(/\/+$/, "");
    if (cfg.forcePathStyle ?? true) return new URL(`${base.origin}${basePath}/${cfg.bucket}/${key}`);
    return new URL(`${base.protocol}//${cfg.bucket}.${base.host}${basePath}/${key}`);
  }

  async function send(method: string, ref: string, body?: Uint8Array, contentType?: string, extra: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { "x-amz-content-sha256": body ? sha256Hex(body) : EMPTY_SHA256, ...extra };
    if (body && contentType) headers["content-type"] = contentType;
    const signed = await aws.sign(objectUrl(ref), { method, headers, body: body ? bytesBody(body) : undefined });
    return doFetch(signed, { signal: AbortSignal.timeout(60_000) });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what} failed: ${res.status}${code ? ` ${code}` : ""}`);
  }

  /**
   * A handle whose reads are ranged GETs, pinned to the version open() saw: each carries If-Match with
   * its ETag, and a response with another ETag is refused, so a replaced object fails a read instead
   * of mixing two versions (for servers that ignore If-Match).
   */
  async function openRanged(ref: string): Promise<BlobHandle | null> {
    let res = await send("GET", ref, undefined, undefined, { range: `bytes=0-${PROBE_BYTES - 1}` });
    if (res.status === 404) {
      await discardBody(res);
      return null;
    }
    if (res.status === 416) {
      // An empty object has no byte 0: its size and version from HEAD.
      await discardBody(res);
      res = await send("HEAD", ref);
      await discardBody(res);
      if (res.status === 404) return null;
      if (!res.ok) await fail(res, `HEAD ${ref}`);
      if (Number(res.headers.get("content-length")) !== 0) throw new Error(`S3 GET ${ref}: range refused on a non-empty object`);
      return rangedHandle(ref, 0, res.headers.get("etag"), Buffer.alloc(0));
    }
    if (!res.ok) await fail(res, `GET ${ref}`);
    const etag = res.headers.get("etag");
    const total = res.status === 206 ? Number(/\/(\d+)$/.exec(res.headers.get("content-range") ?? "")?.[1]) : Number(res.headers.get("content-length"));
    if (!Number.isSafeInteger(total) || total < 0 || (res.status === 200 && total > PROBE_BYTES)) {
      void res.body?.cancel().catch(() => {}); // a whole object where a range was asked: not read
      throw new Error(`S3 GET ${ref}: no usable content-range (status ${res.status})`);
    }
    const head = Buffer.from(await res.arrayBuffer());
    if (head.length !== Math.min(total, PROBE_BYTES)) throw new Error(`S3 GET ${ref}: received ${head.length} bytes of ${Math.min(total, PROBE_BYTES)}`);
    return rangedHandle(ref, total, etag, head);
  }

  /**
   * A handle of a version seen before, made without a request: its first read is the only round trip
   * of a request that reads one range, and a read of a blob that is now another version (412, or
   * another ETag from a server that ignores If-Match) or gone (404) fails with BlobChangedError.
   */
  function seenHandle(ref: string, version: string): BlobHandle | undefined {
    const [, etag, size] = SEEN_VERSION.exec(version) ?? [];
    if (!etag || !Number.isSafeInteger(Number(size))) return undefined;
    return rangedHandle(ref, Number(size), etag, Buffer.alloc(0));
  }

  function rangedHandle(ref: string, size: number, etag: string | null, head: Buffer): BlobHandle {
    let closed = false;
    return {
      size,
      version: versionOf(etag, size),
      async *read({ start, end } = { start: 0, end: size - 1 }) {
        if (closed) throw new Error(`blob ${ref}: read after close`);
        if (end < start) return;
        if (start < 0 || end >= size) throw new RangeError(`blob ${ref}: range ${start}-${end} outside 0-${size - 1}`);
        if (end < head.length) {
          yield head.subarray(start, end + 1);
          return;
        }
        // Bytes the probe holds go out at once while the rest is asked for.
        const from = Math.max(start, head.length);
        const pending = send("GET", ref, undefined, undefined, { range: `bytes=${from}-${end}`, ...(etag && { "if-match": etag }) });
        pending.catch(() => {}); // awaited below; a reader that stops before then drops it in finally
        let res: Response | undefined;
        try {
          if (from > start) yield head.subarray(start);
          res = await pending;
        } finally {
          if (!res) void pending.then((r) => r.body?.cancel(), () => {});
        }
        if (res.status === 412 || res.status === 404 || (etag && res.ok && res.headers.get("etag") !== etag)) {
          if (res.ok) void res.body?.cancel().catch(() => {}); // another version's bytes: not read
          else await discardBody(res);
          throw new BlobChangedError(ref);
        }
        if (res.status !== 206) await fail(res, `GET ${ref} bytes ${from}-${end}`);
        if (!res.body) throw new Error(`S3 GET ${ref}: no body`);
        const reader = res.body.getReader();
        let got = 0;
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            got += value.byteLength;
            if (got > end - from + 1) throw new Error(`S3 GET ${ref}: more bytes than bytes ${from}-${end}`);
            yield value;
          }
          if (got !== end - from + 1) throw new Error(`S3 GET ${ref}: received ${got} bytes of bytes ${from}-${end}`);
        } finally {
          await reader.cancel().catch(() => {}); // a reader that stopped early frees the connection
        }
      },
      async close() {
        closed = true;
      },
    };
  }

  return {
    kind: "s3",
    async put(ref, data, contentType = "application/octet-stream") {
      const res = await send("PUT", ref, data, contentType);
      if (!res.ok) await fail(res, `PUT ${ref}`);
      await discardBody(res);
    },
    async get(ref) {
      const res = await send("GET", ref);
      if (res.status === 404) {
        await discardBody(res);
        return null;
      }
      if (!res.ok) await fail(res, `GET ${ref}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async open(ref, seen) {
      return (seen && seenHandle(assertStorageRef(ref), seen.version)) || openRanged(ref);
    },
    async delete(ref) {
      const res = await send("DELETE", ref);
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${ref}`);
      await discardBody(res);
    },
    async exists(ref) {
      const res = await send("HEAD", ref);
      await discardBody(res);
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD ${ref} failed: ${res.status}`);
      return true;
    },
  };
}
