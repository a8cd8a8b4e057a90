import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { bytesBody } from "@/lib/http/bytes-body";
import { assertStorageRef, type BlobStore } from "./blob-store";
import { spoolToTempFile } from "./file-blob-handle";

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

  async function send(method: string, ref: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { "x-amz-content-sha256": body ? sha256Hex(body) : EMPTY_SHA256 };
    if (body && contentType) headers["content-type"] = contentType;
    const signed = await aws.sign(objectUrl(ref), { method, headers, body: body ? bytesBody(body) : undefined });
    return doFetch(signed, { signal: AbortSignal.timeout(60_000) });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what} failed: ${res.status}${code ? ` ${code}` : ""}`);
  }

  return {
    kind: "s3",
    async put(ref, data, contentType = "application/octet-stream") {
      const res = await send("PUT", ref, data, contentType);
      if (!res.ok) await fail(res, `PUT ${ref}`);
      await res.body?.cancel();
    },
    async get(ref) {
      const res = await send("GET", ref);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail(res, `GET ${ref}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async open(ref) {
      // One GET into a temporary file: the tag check and the answer then read the same fetched bytes.
      const res = await send("GET", ref);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail(res, `GET ${ref}`);
      const size = Number(res.headers.get("content-length"));
      if (!res.body || !Number.isSafeInteger(size) || size < 0) {
        await res.body?.cancel();
        throw new Error(`S3 GET ${ref}: no body or content-length`);
      }
      return spoolToTempFile(res.body, size, ref);
    },
    async delete(ref) {
      const res = await send("DELETE", ref);
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${ref}`);
      await res.body?.cancel();
    },
    async exists(ref) {
      const res = await send("HEAD", ref);
      await res.body?.cancel();
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD ${ref} failed: ${res.status}`);
      return true;
    },
  };
}
