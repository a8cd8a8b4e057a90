import "server-only";
import { bytesBody } from "@/lib/http/bytes-body";
import { ApiError } from "@/lib/http/errors";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { readableShare } from "./readable-share";

/** GET /quickshare/<slug>/cover: the public WebP preview of an image share (the only public plaintext). */
export async function shareCover({ slug }: { slug: string }): Promise<Response> {
  const share = await readableShare({ slug });
  if (!share.coverStorageRef) throw new ApiError("not-found", "This share has no cover");
  const data = await getBlobStore().get(share.coverStorageRef);
  if (!data) throw new ApiError("not-found", "This share has no cover");
  return new Response(bytesBody(data), {
    headers: { "content-type": "image/webp", "cache-control": "public, max-age=300", "x-content-type-options": "nosniff", "content-length": String(data.length) },
  });
}
