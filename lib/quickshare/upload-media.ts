import "server-only";
import sharp from "sharp";
import { getAddress } from "viem";
import { encryptBlob } from "@/lib/crypto/encrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { MEDIA_KINDS, type MediaKind, QS_MEDIA_MAX_BYTES } from "@/lib/schemas/quickshare";
import { AUDIO_TYPES, SAFE_DOCUMENT_TYPES, VIDEO_TYPES } from "@/lib/media/media-types";
import { newStorageRef } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";

// Room for the multipart envelope around a file of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /uploads/content?encrypted=1: one media file from a multipart body (field `file`, optional
 * `kind`), at most 30 MB. Images become WebP before encryption and get a small blurred public WebP
 * preview; every file is encrypted under its own key. The upload stays unattached until a share
 * lists its storageRef in `media`.
 */
export async function uploadMedia({ req, owner }: { req: Request; owner: string }) {
  const form = await readMultipart(req);
  const file = form.get("file");
  if (!(file instanceof File)) throw new ApiError("invalid-request", "file: a multipart field named file is required");
  if (file.size > QS_MEDIA_MAX_BYTES) throw tooLarge(file.size);
  if (file.size === 0) throw new ApiError("invalid-request", "file: is empty");
  const declaredKind = form.get("kind");
  if (declaredKind !== null && !(MEDIA_KINDS as readonly unknown[]).includes(declaredKind)) {
    throw new ApiError("invalid-request", `kind: must be one of ${MEDIA_KINDS.join(", ")}`);
  }
  const mime = (file.type || "application/octet-stream").split(";")[0]!.trim().toLowerCase();
  const kind = (declaredKind as MediaKind | null) ?? inferKind(mime);
  const fileName = sanitizeFileName(file.name);
  const input = Buffer.from(await file.arrayBuffer());

  let plaintext: Buffer;
  let contentType: string;
  let preview: Buffer | null = null;
  let storedName = fileName;
  if (kind === "photo") {
    if (!mime.startsWith("image/")) throw new ApiError("invalid-request", `file: a photo must be an image, got ${mime}`);
    try {
      plaintext = await sharp(input).rotate().webp({ quality: 82 }).toBuffer();
      preview = await sharp(input).rotate().resize({ width: 480, height: 480, fit: "inside", withoutEnlargement: true }).blur(6).webp({ quality: 60 }).toBuffer();
    } catch {
      throw new ApiError("invalid-request", "file: is not an image this hub can read");
    }
    contentType = "image/webp";
    storedName = fileName.replace(/\.[A-Za-z0-9]{1,8}$/, "") + ".webp";
  } else {
    plaintext = input;
    contentType = mediaContentType(kind, mime);
  }

  const storageRef = newStorageRef("media");
  const previewRef = preview ? newStorageRef("preview") : null;
  const { blob, wrappedKey } = encryptBlob({ plaintext, masterKey: masterKey() });
  const store = getBlobStore();
  await store.put(storageRef, blob);
  if (preview && previewRef) await store.put(previewRef, preview, "image/webp");
  try {
    await db.media.create({
      data: { ownerWallet: getAddress(owner), resourceType: "upload", kind, storageRef, wrappedKey, contentType, size: plaintext.length, fileName: storedName, previewRef },
    });
  } catch (err) {
    await Promise.all([store.delete(storageRef), previewRef ? store.delete(previewRef) : null]).catch(() => {});
    throw err;
  }
  return { success: true as const, storageRef, wrappedKey, kind, contentType, size: plaintext.length, fileName: storedName, encrypted: true as const, preview: previewRef };
}

function tooLarge(size: number) {
  return new ApiError("payload-too-large", `the file is ${size} bytes; media may be at most ${QS_MEDIA_MAX_BYTES} bytes (30 MB)`);
}

/** Reads the multipart body with a hard cap, so an oversized upload is refused without buffering it all. */
async function readMultipart(req: Request): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError("invalid-request", "the body must be multipart/form-data with a file field");
  const cap = QS_MEDIA_MAX_BYTES + MULTIPART_OVERHEAD;
  const body = await readCappedBody(req, cap, (bytes) => tooLarge(bytes - MULTIPART_OVERHEAD));
  if (body.byteLength === 0) throw new ApiError("invalid-request", "the body is empty");
  try {
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError("invalid-request", "the multipart body could not be parsed");
  }
}

function inferKind(mime: string): MediaKind {
  if (mime.startsWith("image/")) return "photo";
  if (mime.startsWith("audio/")) return "music";
  if (mime.startsWith("video/")) return "video";
  return "document";
}

function mediaContentType(kind: MediaKind, mime: string): string {
  if (kind === "music") {
    if (!AUDIO_TYPES.has(mime)) throw new ApiError("invalid-request", `file: music must be one of ${[...AUDIO_TYPES].join(", ")}, got ${mime}`);
    return mime;
  }
  if (kind === "video") {
    if (!VIDEO_TYPES.has(mime)) throw new ApiError("invalid-request", `file: video must be one of ${[...VIDEO_TYPES].join(", ")}, got ${mime}`);
    return mime;
  }
  return SAFE_DOCUMENT_TYPES.has(mime) ? mime : "application/octet-stream";
}

function sanitizeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 200);
  return base || "file";
}
