// An independent S3-compatible server on loopback for the storage tests: @20minutes/s3rver (the
// maintained fork of s3rver), which checks every request's AWS Signature Version 4 itself and
// answers S3's XML errors, ranges and 404s. Its objects live in a temporary directory.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export type LoopbackS3 = {
  endpoint: string;
  region: string;
  bucket: string;
  /** s3rver's one built-in key pair. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The BLOB_STORE=s3 settings for a hub that stores in this server. */
  hubEnv: (prefix?: string) => Record<string, string>;
  stop: () => Promise<void>;
};

/** Starts the server on a free loopback port with one empty bucket. */
export async function startLoopbackS3(bucket = "hub-blobs"): Promise<LoopbackS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const creds = { region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    ...creds,
    hubEnv: (prefix = "") => ({
      BLOB_STORE: "s3", S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: creds.region,
      S3_ACCESS_KEY_ID: creds.accessKeyId, S3_SECRET_ACCESS_KEY: creds.secretAccessKey, S3_PREFIX: prefix, S3_FORCE_PATH_STYLE: "true",
    }),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
