// The loopback S3-compatible server (scripts/lib/loopback-s3.mjs) in a process of its own on
// 127.0.0.1:$PORT, so bench/media.mjs's client does not share an event loop with it.
import { startLoopbackS3 } from "../../scripts/lib/loopback-s3.mjs";

const s3 = await startLoopbackS3(process.env.BUCKET ?? "hub-blobs", Number(process.env.PORT));
const stop = () => s3.stop().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
