import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import type { BlobStore } from "./blob-store";
import { createLocalBlobStore } from "./local-blob-store";
import { createS3BlobStore } from "./s3-blob-store";

let cached: BlobStore | undefined;

/** The configured store: DATA_DIR/blobs, or the S3-compatible bucket when BLOB_STORE=s3. */
export function getBlobStore(): BlobStore {
  if (cached) return cached;
  cached =
    env.BLOB_STORE === "s3"
      ? createS3BlobStore({
          endpoint: env.S3_ENDPOINT!,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          prefix: env.S3_PREFIX,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : createLocalBlobStore(path.join(env.DATA_DIR, "blobs"));
  return cached;
}
