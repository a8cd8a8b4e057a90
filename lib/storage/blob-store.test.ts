import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertStorageRef, newStorageRef, type BlobStore } from "./blob-store";
import { createLocalBlobStore } from "./local-blob-store";
import { createS3BlobStore } from "./s3-blob-store";
import { sha256Hex, signSigV4 } from "./sign-sigv4";

const SECRET = "test-secret-key-for-the-loopback-s3";

/**
 * A minimal S3-compatible server on loopback: it recomputes every request's SigV4 signature from
 * the signed headers it received (and checks x-amz-content-sha256 against the body), so a request
 * our store signs wrongly is refused with 403 SignatureDoesNotMatch, as a real store would.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const auth = String(req.headers.authorization ?? "");
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    const signedNames = m?.[4]!.split(";") ?? [];
    const headers = Object.fromEntries(signedNames.map((n) => [n, String(req.headers[n] ?? "")]));
    const expected = m && signSigV4({ method: req.method!, url, headers, payloadHash: String(req.headers["x-amz-content-sha256"]) }, { accessKeyId: m[1]!, secretAccessKey: SECRET, region: m[3]!, service: "s3" }).signature;
    const bodyOk = req.headers["x-amz-content-sha256"] === sha256Hex(body);
    seen.push(`${req.method} ${url.pathname}`);
    if (!m || expected !== m[5] || !bodyOk || !signedNames.includes("host")) {
      res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = url.pathname;
    if (req.method === "PUT") { objects.set(key, body); res.writeHead(200).end(); return; }
    const obj = objects.get(key);
    if (req.method === "DELETE") { objects.delete(key); res.writeHead(204).end(); return; }
    if (!obj) { res.writeHead(404, { "content-type": "application/xml" }).end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code></Error>"); return; }
    res.writeHead(200, { "content-length": obj.length });
    res.end(req.method === "HEAD" ? undefined : obj);
  });
  return { server, objects, seen };
}

function contract(name: string, make: () => BlobStore) {
  describe(`${name} blob store`, () => {
    it("puts, gets, reports existence and deletes (deleting twice is fine)", async () => {
      const store = make();
      const ref = newStorageRef("qs");
      const data = Buffer.from([0, 1, 2, 255, 254]);
      expect(await store.exists(ref)).toBe(false);
      expect(await store.get(ref)).toBeNull();
      await store.put(ref, data);
      expect(await store.exists(ref)).toBe(true);
      expect((await store.get(ref))!.equals(data)).toBe(true);
      await store.delete(ref);
      await store.delete(ref);
      expect(await store.exists(ref)).toBe(false);
      expect(await store.get(ref)).toBeNull();
    });

    it("overwrites and keeps a 3 MB blob byte for byte", async () => {
      const store = make();
      const ref = newStorageRef("media");
      const big = Buffer.alloc(3 * 1024 * 1024, 7);
      await store.put(ref, Buffer.from("first"));
      await store.put(ref, big);
      expect((await store.get(ref))!.equals(big)).toBe(true);
    });

    it.each(["../etc/passwd", "qs/../../x", "qs/ABC", "other/0123456789abcdef0123456789abcdef", ""])("refuses the ref %j", async (ref) => {
      await expect(make().get(ref)).rejects.toThrow(/invalid storage reference/);
    });
  });
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "blobs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
contract("local", () => createLocalBlobStore(tmp));

const s3 = fakeS3();
let endpoint = "";
beforeAll(async () => {
  await new Promise<void>((r) => (s3.server as Server).listen(0, "127.0.0.1", r));
  const addr = s3.server.address() as { port: number };
  endpoint = `http://127.0.0.1:${addr.port}`;
});
afterAll(() => new Promise<void>((r) => s3.server.close(() => r())));
const s3Store = (over: Partial<Parameters<typeof createS3BlobStore>[0]> = {}) =>
  createS3BlobStore({ endpoint, region: "us-east-1", bucket: "hub-blobs", accessKeyId: "AKIDTEST", secretAccessKey: SECRET, prefix: "pfx/", ...over });
contract("S3 (signed, path style)", () => s3Store());

describe("S3 blob store details", () => {
  it("addresses endpoint/bucket/prefix+ref in path style", async () => {
    const ref = newStorageRef("preview");
    await s3Store().put(ref, Buffer.from("x"));
    expect(s3.seen).toContain(`PUT /hub-blobs/pfx/${ref}`);
    expect(s3.objects.has(`/hub-blobs/pfx/${ref}`)).toBe(true);
  });

  it("surfaces a refused signature as an error naming the S3 code", async () => {
    const store = s3Store({ secretAccessKey: "wrong" });
    await expect(store.put(newStorageRef("qs"), Buffer.from("x"))).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(store.get(newStorageRef("qs"))).rejects.toThrow(/403/);
  });

  it("builds virtual-host URLs when path style is off", async () => {
    const urls: string[] = [];
    const store = s3Store({ endpoint: "https://s3.example.test", forcePathStyle: false, fetch: (async (u: URL) => { urls.push(String(u)); return new Response(null, { status: 404 }); }) as unknown as typeof fetch });
    expect(await store.get("qs/0123456789abcdef0123456789abcdef")).toBeNull();
    expect(urls).toEqual(["https://hub-blobs.s3.example.test/pfx/qs/0123456789abcdef0123456789abcdef"]);
  });
});

describe("storage refs", () => {
  it("are random and well-formed", () => {
    const a = newStorageRef("qs");
    expect(a).toMatch(/^qs\/[0-9a-f]{32}$/);
    expect(newStorageRef("qs")).not.toBe(a);
    expect(assertStorageRef(a)).toBe(a);
  });
});
