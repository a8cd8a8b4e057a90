// Quickshare media on S3: a hub with BLOB_STORE=s3 stores into an independent S3-compatible server on
// loopback (@20minutes/s3rver, which checks every signature itself), including a 30 MB video that is
// served back whole and in byte ranges, is ciphertext at rest, and is deleted from the bucket on revoke.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QS_MEDIA_MAX_BYTES } from "../../lib/schemas/quickshare";
import { type ExtraHub, hubClient, startExtraHub } from "../support/extra-hub";
import { blobPath, closeDb, db } from "../support/quickshare";
import { type LoopbackS3, startLoopbackS3 } from "../support/s3-server";

let s3: LoopbackS3;
let hub: ExtraHub;
let bucket: AwsClient;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  hub = await startExtraHub(s3.hubEnv("hub/"));
  bucket = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: "s3", retries: 0 });
}, 120_000);
afterAll(async () => {
  await hub?.stop();
  await s3?.stop();
  await closeDb();
});

/** The object as the bucket holds it (null when absent), read with a separate S3 client. */
async function objectInBucket(ref: string): Promise<Buffer | null> {
  const res = await bucket.fetch(`${s3.endpoint}/${s3.bucket}/hub/${ref}`);
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe("quickshare media on an S3-compatible bucket", () => {
  it("stores a 30 MB video encrypted in the bucket, serves it whole and in ranges, and deletes it on revoke", async () => {
    const { api, signIn } = hubClient(hub.url);
    const cookie = await signIn(privateKeyToAccount(generatePrivateKey()));
    const video = randomBytes(QS_MEDIA_MAX_BYTES); // the largest upload the hub accepts

    const form = new FormData();
    form.set("file", new Blob([video], { type: "video/mp4" }), "long-take.mp4");
    const up = await fetch(`${hub.url}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie } });
    const upBody = await up.json();
    expect(up.status, JSON.stringify(upBody)).toBe(201);
    expect(upBody).toMatchObject({ kind: "video", size: QS_MEDIA_MAX_BYTES, encrypted: true });
    const ref = upBody.storageRef as string;

    // In the bucket under the prefix, as IV + tag + ciphertext; nothing on the local disk.
    const stored = (await objectInBucket(ref))!;
    expect(stored.length).toBe(QS_MEDIA_MAX_BYTES + 28);
    expect(stored.subarray(28, 28 + 4096).equals(video.subarray(0, 4096))).toBe(false);
    expect(existsSync(blobPath(ref))).toBe(false);

    const created = await api("/quickshare", { cookie, json: { title: "Long take", content: "Watch: svc-embed://0", price: "0", media: [ref] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const slug = created.body.share.slug as string;
    const bodyRef = (await db().quickshare.findUniqueOrThrow({ where: { id: created.body.share.id } })).bodyStorageRef!;
    expect(await objectInBucket(bodyRef)).not.toBeNull();

    const mediaUrl = `${hub.url}/quickshare/${slug}/media/video?index=0`;
    const whole = await fetch(mediaUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const got = Buffer.from(await whole.arrayBuffer());
    expect(got.length).toBe(video.length);
    expect(got.equals(video)).toBe(true);

    const mid = 17 * 1024 * 1024;
    const part = await fetch(mediaUrl, { headers: { range: `bytes=${mid}-${mid + 65_535}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${mid}-${mid + 65_535}/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(mid, mid + 65_536))).toBe(true);
    const tail = await fetch(mediaUrl, { headers: { range: "bytes=-1000" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 1000))).toBe(true);
    const beyond = await fetch(mediaUrl, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    await beyond.body?.cancel();

    expect((await api(`/quickshare/${slug}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await objectInBucket(ref)).toBeNull();
    expect(await objectInBucket(bodyRef)).toBeNull();
    expect((await fetch(mediaUrl)).status).toBe(410);
  }, 120_000);
});
