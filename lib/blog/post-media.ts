import "server-only";
import { listMedia, type MediaItem } from "@/lib/access/list-media";
import { readBlob } from "@/lib/access/read-blob";
import { renderDocument, type DocumentRender } from "./document-preview";
import { postUrls } from "./post-urls";

/** A post's encrypted media in attach order, each with its media-route URL on the blog's origin. */
export function listPostMedia({ origin, post }: { origin: string; post: { id: string; type: string; slug: string } }): Promise<MediaItem[]> {
  const urls = postUrls(origin, post);
  return listMedia({ resourceType: "blogpost", resourceId: post.id, urlOf: urls.media });
}

export type PostDocument = { name: string; contentType: string; size: number; url: string; render: DocumentRender };

/**
 * The post's first document rendered server-side: whole (`full`, behind proof or free) or as the
 * preview (12 sheet rows, 1,600 text characters). Null when the post has no document.
 */
export async function postDocument({ media, full }: { media: MediaItem[]; full: boolean }): Promise<PostDocument | null> {
  const doc = media.find((m) => m.kind === "document");
  if (!doc) return null;
  const data = await readBlob({ storageRef: doc.storageRef, wrappedKey: doc.wrappedKey, what: "document" });
  return { name: doc.fileName, contentType: doc.contentType, size: doc.size, url: doc.url, render: renderDocument({ data, contentType: doc.contentType, fileName: doc.fileName, full }) };
}
