// The loopback S3-compatible server (scripts/lib/loopback-s3.mjs, shared with bench/media.mjs), typed for the tests.
import { startLoopbackS3 as start } from "../../scripts/lib/loopback-s3.mjs";

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
export const startLoopbackS3: (bucket?: string, port?: number) => Promise<LoopbackS3> = start;
