// An independent S3-compatible server on loopback, for the storage tests and the media benchmark:
// @20minutes/s3rver (the maintained fork of s3rver), which checks every request's AWS Signature
// Version 4 itself and answers S3's XML errors, ranges and 404s. Its objects live in a temporary
// directory. Not used by the hub itself.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

// s3rver's one built-in key pair.
const CREDENTIALS = { region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * The BLOB_STORE=s3 settings for a hub that stores in a loopback s3rver at `endpoint`.
 * @param {{ endpoint: string, bucket?: string, prefix?: string }} where
 */
export function loopbackS3HubEnv({ endpoint, bucket = "hub-blobs", prefix = "" }) {
  return {
    BLOB_STORE: "s3", S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: CREDENTIALS.region,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey, S3_PREFIX: prefix, S3_FORCE_PATH_STYLE: "true",
  };
}

/**
 * Starts the server on a loopback port (default: a free one) with one empty bucket.
 * @param {string} [bucket]
 * @param {number} [port]
 */
export async function startLoopbackS3(bucket = "hub-blobs", port = 0) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  return {
    endpoint,
    bucket,
    ...CREDENTIALS,
    /** The BLOB_STORE=s3 settings for a hub that stores in this server. */
    hubEnv: (prefix = "") => loopbackS3HubEnv({ endpoint, bucket, prefix }),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
