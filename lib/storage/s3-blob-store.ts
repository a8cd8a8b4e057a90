import { bytesBody } from "@/lib/http/bytes-body";
import { assertStorageRef, type BlobStore } from "./blob-store";
import { EMPTY_SHA256, sha256Hex, signSigV4 } from "./sign-sigv4";

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

/** An S3-compatible bucket over plain fetch, every request signed with AWS Signature Version 4. */
export function createS3BlobStore(cfg: S3Config): BlobStore {
  const doFetch = cfg.fetch ?? fetch;
  const creds = { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, region: cfg.region, service: "s3" };

  function objectUrl(ref: string): URL {
    const key = `${cfg.prefix ?? ""}${assertStorageRef(ref)}`;
    const base = new URL(cfg.endpoint);
    const basePath = base.pathname.replace(/\/+$/, "");
    if (cfg.forcePathStyle ?? true) return new URL(`${base.origin}${basePath}/${cfg.bucket}/${key}`);
    return new URL(`${base.protocol}//${cfg.bucket}.${base.host}${basePath}/${key}`);
  }

  async function send(method: string, ref: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = objectUrl(ref);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = { "x-amz-content-sha256": payloadHash };
    if (body && contentType) headers["content-type"] = contentType;
    const signed = signSigV4({ method, url, headers, payloadHash }, creds);
    const { host: _host, ...sendHeaders } = signed.headers; // fetch sets Host itself
    return doFetch(url, { method, headers: sendHeaders, body: body ? bytesBody(body) : undefined, signal: AbortSignal.timeout(60_000) });
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
