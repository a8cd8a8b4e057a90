import { createHash, createHmac } from "node:crypto";

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export type SigV4Request = {
  method: string;
  url: URL;
  /** Headers to sign (host and x-amz-date are added when missing). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the payload, or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
  /** The signing time; defaults to now. */
  date?: Date;
};

export type SigV4Result = {
  authorization: string;
  /** Every header to send: the input headers plus host and x-amz-date. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
export const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
function uriEncode(value: string, keepSlash: boolean): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, keepSlash ? "/" : "%2F");
}

/** S3 style: the path is encoded once, segment by segment, and never normalised. */
function canonicalPath(url: URL): string {
  const decoded = url.pathname.split("/").map((seg) => uriEncode(decodeURIComponent(seg), false));
  return decoded.join("/") || "/";
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}

function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/**
 * AWS Signature Version 4 (header form) for one request, as S3-compatible stores (AWS S3, MinIO,
 * R2, Ceph) accept it. Pure: the caller sends `headers` plus `authorization`.
 */
export function signSigV4(req: SigV4Request, creds: SigV4Credentials): SigV4Result {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host ??= req.url.host;
  headers["x-amz-date"] ??= amzDate(req.date ?? new Date());
  const stamp = headers["x-amz-date"];
  const day = stamp.slice(0, 8);

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [req.method.toUpperCase(), canonicalPath(req.url), canonicalQuery(req.url), canonicalHeaders, signedHeaders, req.payloadHash].join("\n");

  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const kDate = hmac(`AWS4${creds.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, creds.region), creds.service), "aws4_request");
  const signature = createHmac("sha256", kSigning).update(stringToSign, "utf8").digest("hex");
  const authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { authorization, headers: { ...headers, authorization }, canonicalRequest, stringToSign, signature };
}
