// Quickshare media on S3: a hub with BLOB_STORE=s3 stores into an independent S3-compatible server on
// loopback (@20minutes/s3rver, which checks every signature itself), including a 30 MB video of a paid
// share that is served to its buyer whole and in byte ranges (the hub fetches only the segments a range
// needs, by ranged GETs), is ciphertext at rest, and is deleted from the bucket on revoke; a file in the
// legacy one-message format is still served, and a truncated object is refused. A repeat read of a
// version verified before is one ranged GET pinned to it; when that version is gone (replaced,
// removed behind the hub's back) the hub opens the object afresh.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { AwsClient } from "aws4fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAesGcm, sealAesGcm } from "../../lib/crypto/aes-gcm";
import { QS_MEDIA_MAX_BYTES } from "../../lib/schemas/quickshare";
import { type ExtraHub, hubClient, hubSecrets, startExtraHub } from "../support/extra-hub";
import { blobPath, closeDb, db, giveEntitlement } from "../support/quickshare";
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

/** Replaces the object in the bucket, as a separate S3 client. */
async function putInBucket(ref: string, data: Buffer): Promise<void> {
  const res = await bucket.fetch(`${s3.endpoint}/${s3.bucket}/hub/${ref}`, { method: "PUT", body: new Uint8Array(data) });
  expect(res.status).toBe(200);
}

describe("quickshare media on an S3-compatible bucket", () => {
  it("stores a 30 MB video encrypted in the bucket, serves it to its buyer whole and in ranges, and deletes it on revoke", async () => {
    const { api, signIn } = hubClient(hub.url);
    const cookie = await signIn(privateKeyToAccount(generatePrivateKey()));
    const buyer = privateKeyToAccount(generatePrivateKey());
    const buyerCookie = await signIn(buyer);
    const video = randomBytes(QS_MEDIA_MAX_BYTES); // the largest upload the hub accepts

    const form = new FormData();
    form.set("file", new Blob([video], { type: "video/mp4" }), "long-take.mp4");
    const up = await fetch(`${hub.url}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie } });
    const upBody = await up.json();
    expect(up.status, JSON.stringify(upBody)).toBe(201);
    expect(upBody).toMatchObject({ kind: "video", size: QS_MEDIA_MAX_BYTES, encrypted: true });
    const ref = upBody.storageRef as string;

    // In the bucket under the prefix, segmented: header (49), then 480 segments of 64 KiB each with its
    // 16-byte tag (30 MB is exactly 480 segments); nothing on the local disk.
    const stored = (await objectInBucket(ref))!;
    expect(stored.length).toBe(49 + QS_MEDIA_MAX_BYTES + 480 * 16);
    expect(stored.subarray(49, 49 + 4096).equals(video.subarray(0, 4096))).toBe(false);
    expect(existsSync(blobPath(ref))).toBe(false);

    const created = await api("/quickshare", { cookie, json: { title: "Long take", content: "Watch: svc-embed://0", price: "0.25", media: [ref] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const slug = created.body.share.slug as string;
    await giveEntitlement(created.body.share.id, buyer.address);
    const bodyRef = (await db().quickshare.findUniqueOrThrow({ where: { id: created.body.share.id } })).bodyStorageRef!;
    expect(await objectInBucket(bodyRef)).not.toBeNull();

    const mediaUrl = `${hub.url}/quickshare/${slug}/media/video?index=0`;
    const get = (headers: Record<string, string> = {}) => fetch(mediaUrl, { headers: { cookie: buyerCookie, ...headers } });
    const unpaid = await fetch(mediaUrl);
    expect(unpaid.status).toBe(403);
    await unpaid.body?.cancel();
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const got = Buffer.from(await whole.arrayBuffer());
    expect(got.length).toBe(video.length);
    expect(got.equals(video)).toBe(true);

    const S = 65_536;
    const n = video.length;
    // Inside the opening GET's first 128 KiB, on segment edges, across segments, one whole segment, the last byte.
    for (const [start, end] of [[0, 0], [1, 99], [S - 1, S], [S, 2 * S - 1], [17 * 1024 * 1024, 17 * 1024 * 1024 + S - 1], [17 * 1024 * 1024 + 5, 18 * 1024 * 1024 + 7], [n - S - 1, n - 1], [n - 1, n - 1]] as const) {
      const part = await get({ range: `bytes=${start}-${end}` });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${n}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    const tail = await get({ range: "bytes=-1000" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 1000))).toBe(true);
    const beyond = await get({ range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    await beyond.body?.cancel();

    // A file in the legacy format (one AES-GCM message under the same key) is still served, whole and in ranges.
    const master = Buffer.from(hubSecrets().BLOB_KEY, "hex");
    const key = openAesGcm(master, Buffer.from(upBody.wrappedKey.slice(3), "base64url"));
    await putInBucket(ref, sealAesGcm(key, video));
    expect(Buffer.from(await (await get()).arrayBuffer()).equals(video)).toBe(true);
    const legacyPart = await get({ range: `bytes=${n - 70_000}-${n - 3}` });
    expect(Buffer.from(await legacyPart.arrayBuffer()).equals(video.subarray(n - 70_000, n - 2))).toBe(true);

    // The segmented object cut at a segment boundary (the last segment dropped): a 500 before any byte.
    await putInBucket(ref, stored.subarray(0, stored.length - (S + 16)));
    for (const range of [undefined, "bytes=0-99"]) {
      const cut = await get(range ? { range } : {});
      expect(cut.status).toBe(500);
      expect((await cut.json()).details).toBe("The stored video 0 failed its integrity check");
    }
    await putInBucket(ref, stored);
    expect((await get({ range: "bytes=5-9" })).status).toBe(206);
    // A repeat read asks the bucket once, for the range, pinned to the version verified before; that
    // version removed behind the hub's back is a 500 naming the missing file, and back again it serves.
    const again = await get({ range: `bytes=${n - 10}-${n - 1}` });
    expect(Buffer.from(await again.arrayBuffer()).equals(video.subarray(n - 10))).toBe(true);
    expect((await bucket.fetch(`${s3.endpoint}/${s3.bucket}/hub/${ref}`, { method: "DELETE" })).status).toBe(204);
    const gone = await get({ range: "bytes=5-9" });
    expect(gone.status).toBe(500);
    expect((await gone.json()).details).toBe("The stored video 0 is missing");
    await putInBucket(ref, stored);
    expect(Buffer.from(await (await get({ range: "bytes=5-9" })).arrayBuffer()).equals(video.subarray(5, 10))).toBe(true);

    expect((await api(`/quickshare/${slug}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await objectInBucket(ref)).toBeNull();
    expect(await objectInBucket(bodyRef)).toBeNull();
    expect((await get()).status).toBe(410);
  }, 300_000); // 30 MB up, down whole, ten ranges, a legacy copy and a cut copy re-uploaded: minutes on a loaded machine
});
